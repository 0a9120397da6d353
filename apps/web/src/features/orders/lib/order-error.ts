import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';

/**
 * The translated message of an order call's error. A code may read differently on a deposit and a withdrawal
 * (OPEN_ORDER), so `<scope>.errors.<CODE>` is tried before the catalogue's `errors:<CODE>`.
 */
export function orderErrorMessage(t: TFunction, error: unknown, scope: 'deposit' | 'withdraw'): string {
  const fallback = scope === 'deposit' ? 'errors:messages.cannotDeposit' : 'errors:messages.cannotWithdraw';
  if (!isApiError(error)) return t(fallback);
  return t([`${scope}.errors.${error.code}`, `errors:${error.code}`, fallback], { ...error.params });
}
