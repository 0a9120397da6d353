import { isApiError } from '@lc/ui/api-client';
import type { TFunction } from 'i18next';
import { errorParams } from '../../../lib/error-message';

export type OrderScope = 'deposit' | 'withdraw' | 'transfer';

const FALLBACKS: Record<OrderScope, string> = {
  deposit: 'errors:messages.cannotDeposit',
  withdraw: 'errors:messages.cannotWithdraw',
  transfer: 'errors:messages.cannotTransfer',
};

/**
 * The translated message of an order call's error. A code may read differently on a deposit, a withdrawal and
 * a transfer between providers (OPEN_ORDER), so `<scope>.errors.<CODE>` is tried before the catalogue's
 * `errors:<CODE>`. Params are shown as lib/error-message.ts's errorParams shows them (amounts, dates);
 * `shown` adds or replaces params as the screen knows them better (a transfer's bounds are THB).
 */
export function orderErrorMessage(
  t: TFunction,
  error: unknown,
  scope: OrderScope,
  shown: Record<string, string> = {},
): string {
  const fallback = FALLBACKS[scope];
  if (!isApiError(error)) return t(fallback);
  return t([`${scope}.errors.${error.code}`, `errors:${error.code}`, fallback], {
    ...errorParams(t, error.params),
    ...shown,
  });
}
