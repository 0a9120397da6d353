import { isApiError } from '@lc/ui/api-client';
import { formatCurrency } from '@lc/ui/format-currency';
import { formatDateTime } from '@lc/ui/format-date';
import type { TFunction } from 'i18next';

/**
 * An error's params as a reader sees them: `until` (a date) and `remaining` (LAK, api.md's deposit limit) are
 * formatted, `period` (daily, weekly, monthly) is translated; any other param is shown as sent.
 */
export function errorParams(t: TFunction, params: Record<string, string>): Record<string, string> {
  const shown = { ...params };
  if (params.until) shown.until = formatDateTime(params.until);
  if (params.remaining) shown.remaining = formatCurrency(params.remaining, 'LAK');
  // PROMOTION_CREDIT_USED: the credit a provider's balance must fall below.
  if (params.threshold) shown.threshold = formatCurrency(params.threshold, 'THB');
  if (params.period) shown.period = t(`playLimits.period.${params.period}`);
  return shown;
}

/**
 * The translated message of any error: an API code becomes `errors:<CODE>` (with the error's params),
 * anything unknown becomes `fallbackKey` (default `errors:INTERNAL`).
 */
export function errorMessage(t: TFunction, error: unknown, fallbackKey = 'errors:INTERNAL'): string {
  if (isApiError(error)) {
    const key = `errors:${error.code}`;
    return t([key, fallbackKey], errorParams(t, error.params));
  }
  return t(fallbackKey);
}

/** The translated message of a field error code (`errors:fields.<CODE>`); empty input gives undefined. */
export function fieldErrorMessage(t: TFunction, code: unknown): string | undefined {
  if (typeof code !== 'string' || code === '') return undefined;
  return t([`errors:fields.${code}`, 'errors:fields.INVALID']);
}
