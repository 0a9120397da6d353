import type { TFunction } from 'i18next';
import { isApiError } from './api-client';

/**
 * The translated message of any error: an API code becomes `errors:<CODE>` (with the error's params),
 * anything unknown becomes `fallbackKey` (default `errors:INTERNAL`).
 */
export function errorMessage(t: TFunction, error: unknown, fallbackKey = 'errors:INTERNAL'): string {
  if (isApiError(error)) {
    const key = `errors:${error.code}`;
    return t([key, fallbackKey], { ...error.params });
  }
  return t(fallbackKey);
}

/** The translated message of a field error code (`errors:fields.<CODE>`); empty input gives undefined. */
export function fieldErrorMessage(t: TFunction, code: unknown): string | undefined {
  if (typeof code !== 'string' || code === '') return undefined;
  return t([`errors:fields.${code}`, 'errors:fields.INVALID']);
}
