import type { WithdrawalRow } from '../../db/schema/withdrawals';
import { AppError } from '../../lib/app-error';

/** Why staff cannot approve or reject this order now: its transfer out is unresolved, or it is settled. */
export function notActionable(order: WithdrawalRow): AppError {
  if (order.status === 'PENDING') {
    return new AppError(
      409,
      'TRANSFER_PENDING',
      `Withdrawal ${order.code}: the provider's answer to the transfer out is not known yet; resolve it first`,
    );
  }
  return new AppError(409, 'ORDER_NOT_OPEN', `Withdrawal ${order.code} is ${order.status}, not OPEN`);
}
