import { isApiError } from '@lc/ui/api-client';
import type { TFunction } from 'i18next';
import { errorParams } from '../../../lib/error-message';

/**
 * The translated message of an order call's error. A code may read differently on a deposit and a withdrawal
 * (OPEN_ORDER), so `<scope>.errors.<CODE>` is tried before the catalogue's `errors:<CODE>`. Params are shown as
 * lib/error-message.ts's errorParams shows them (amounts, dates).
 */
export function orderErrorMessage(t: TFunction, error: unknown, scope: 'deposit' | 'withdraw'): string {
  const fallback = scope === 'deposit' ? 'errors:messages.cannotDeposit' : 'errors:messages.cannotWithdraw';
  if (!isApiError(error)) return t(fallback);
  return t([`${scope}.errors.${error.code}`, `errors:${error.code}`, fallback], errorParams(t, error.params));
}
