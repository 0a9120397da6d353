import type { TPlayerOrderEvent } from '@lc/shared/contracts/events';
import { ORDER_STATUSES, type TOrderStatus } from '@lc/shared/contracts/orders';
import { TRANSFER_ROW_STATUSES, type TTransferRowStatus } from '../../db/schema/transfers';
import { type TWithdrawalStatus, WITHDRAWAL_STATUSES } from '../../db/schema/withdrawals';
import { playerTransferStatus } from '../transfers/to-transfer-record';
import { playerWithdrawalStatus } from '../withdrawals/to-withdraw-record';
import type { OrderEvent } from './order-event';

const isDepositStatus = (status: string): status is TOrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(status);
const isWithdrawalStatus = (status: string): status is TWithdrawalStatus =>
  (WITHDRAWAL_STATUSES as readonly string[]).includes(status);
const isTransferStatus = (status: string): status is TTransferRowStatus =>
  (TRANSFER_ROW_STATUSES as readonly string[]).includes(status);

/**
 * What a player's stream sends for an event (api.md `{kind, code, status}`); null for an unknown status and
 * for the staff-only kinds (bank payments, approvals). A transfer between providers is sent too (its
 * reference as `code`): it moves balances the player's other tabs show (decision 0072).
 */
export function toPlayerOrderEvent(event: OrderEvent): TPlayerOrderEvent | null {
  if (event.kind === 'deposit') {
    return isDepositStatus(event.status) ? { kind: 'deposit', code: event.code, status: event.status } : null;
  }
  if (event.kind === 'transfer') {
    return isTransferStatus(event.status)
      ? { kind: 'transfer', code: event.code, status: playerTransferStatus(event.status) }
      : null;
  }
  if (event.kind !== 'withdrawal') return null;
  return isWithdrawalStatus(event.status)
    ? { kind: 'withdrawal', code: event.code, status: playerWithdrawalStatus(event.status) }
    : null;
}
