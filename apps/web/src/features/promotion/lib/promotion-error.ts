import { isApiError } from '@lc/ui/api-client';
import { formatCurrency } from '@lc/ui/format-currency';

/** i18next's `t` with a list of keys to try in turn. */
type TranslateKeys = (key: string | string[], params?: Record<string, string>) => string;

/**
 * Codes whose catalogue text is worded for another screen: on the promotion screens a missing bank account
 * reads 'add a bank account to receive a promotion' (spec, other messages), and PROMOTION_CREDIT_USED says
 * only the half that applies here: no promotion is in use (one would answer PROMOTION_ONE_AT_A_TIME first),
 * so the player's credit must fall below the threshold to take one.
 */
const PROMOTION_TEXT: Record<string, string> = {
  BANK_ACCOUNT_REQUIRED: 'errors:messages.addBankForPromotion',
  PROMOTION_CREDIT_USED: 'errors:messages.promotionNeedsLowCredit',
};

/**
 * The translated message of a promotion call's error, with the API's params interpolated; the provider of
 * PROMOTION_USED_BY_PROVIDER is shown by its display name ("GClub Live", not "gclub_live").
 */
export function promotionErrorMessage(t: TranslateKeys, error: unknown): string {
  if (!isApiError(error)) return t('errors:INTERNAL');
  const params: Record<string, string> = { ...error.params };
  if (params.provider) params.provider = t([`providers.${params.provider}`, params.provider]);
  if (params.threshold) params.threshold = formatCurrency(params.threshold, 'THB');
  // PROMOTION_CREDIT_USED names the game's credit that blocks (decision 0074).
  if (params.current) params.current = formatCurrency(params.current, 'THB');
  const key = PROMOTION_TEXT[error.code] ?? `errors:${error.code}`;
  return t([key, 'errors:INTERNAL'], params);
}
