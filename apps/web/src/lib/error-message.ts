import { isApiError } from '@lc/ui/api-client';
import { formatCurrency } from '@lc/ui/format-currency';
import { formatDateTime } from '@lc/ui/format-date';
import type { TFunction } from 'i18next';

/** Seconds to wait (an answer's Retry-After) as whole minutes, never under one. */
export function minutesToWait(seconds: string): string {
  return String(Math.max(1, Math.ceil(Number(seconds) / 60)));
}

/**
 * An error's params as a reader sees them: `until` (a date) and `remaining` (LAK, api.md's deposit limit) are
 * formatted, `period` (daily, weekly, monthly) is translated, `retryAfter` (seconds) is given as `minutes`,
 * a promotion's figures (`target`, `current`, `missing`, `min`: THB) are formatted and `provider` named;
 * any other param is shown as sent.
 */
export function errorParams(t: TFunction, params: Record<string, string>): Record<string, string> {
  const shown = { ...params };
  if (params.until) shown.until = formatDateTime(params.until);
  if (params.remaining) shown.remaining = formatCurrency(params.remaining, 'LAK');
  // PROMOTION_CREDIT_USED: the credit a provider's balance must fall below.
  if (params.threshold) shown.threshold = formatCurrency(params.threshold, 'THB');
  // The promotion's figures that block (decision 0074): its target, the live credit, what is missing to pass
  // the target, the least a withdrawal may take (THB); the game by its display name.
  for (const name of ['target', 'current', 'missing', 'min'] as const) {
    const value = params[name];
    if (value) shown[name] = formatCurrency(value, 'THB');
  }
  if (params.provider) shown.provider = t([`providers.${params.provider}`, params.provider]);
  if (params.period) shown.period = t(`playLimits.period.${params.period}`);
  if (params.retryAfter) shown.minutes = minutesToWait(params.retryAfter);
  return shown;
}

/**
 * The translated message of any error: an API code becomes `errors:<CODE>` (with the error's params),
 * anything unknown becomes `fallbackKey` (default `errors:INTERNAL`). A throttle's answer that says when to
 * try again (429 with Retry-After) says it in minutes (decision 0075).
 */
export function errorMessage(t: TFunction, error: unknown, fallbackKey = 'errors:INTERNAL'): string {
  if (isApiError(error)) {
    const keys = [`errors:${error.code}`, fallbackKey];
    if (error.code === 'RATE_LIMITED' && error.params.retryAfter) keys.unshift('errors:messages.tryAgainIn');
    return t(keys, errorParams(t, error.params));
  }
  return t(fallbackKey);
}

/** The translated message of a field error code (`errors:fields.<CODE>`); empty input gives undefined. */
export function fieldErrorMessage(t: TFunction, code: unknown): string | undefined {
  if (typeof code !== 'string' || code === '') return undefined;
  return t([`errors:fields.${code}`, 'errors:fields.INVALID']);
}
