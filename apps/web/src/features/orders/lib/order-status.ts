import { type TWithdrawRecordStatus, WITHDRAW_RECORD_STATUSES } from '@lc/shared/contracts/orders';

/** Chip colour of a deposit or withdrawal status (spec section 4). */
export type OrderStatusColor = 'gray' | 'red' | 'yellow' | 'green' | 'orange';

// REJECTED has no colour in the spec: orange says "refused by staff", apart from a technical FAILED (red).
// BOUNCED (a withdrawal's payout the bank sent back) waits for staff like PAID: yellow.
const COLORS: Record<TWithdrawRecordStatus, OrderStatusColor> = {
  OPEN: 'gray',
  PAID: 'yellow',
  SUCCESS: 'green',
  CANCELED: 'red',
  FAILED: 'red',
  REJECTED: 'orange',
  BOUNCED: 'yellow',
};

/** A status of a deposit or a withdrawal (withdrawals also have BOUNCED). */
export function isOrderStatus(value: string): value is TWithdrawRecordStatus {
  return (WITHDRAW_RECORD_STATUSES as readonly string[]).includes(value);
}

/** The chip colour of any status string; an unknown value shows grey. */
export function orderStatusColor(status: string): OrderStatusColor {
  return isOrderStatus(status) ? COLORS[status] : 'gray';
}

/** The translation key of a status label (`status.OPEN` reads "waiting"); unknown → `status.UNKNOWN`. */
export function orderStatusLabelKey(status: string): `status.${TWithdrawRecordStatus | 'UNKNOWN'}` {
  return isOrderStatus(status) ? `status.${status}` : 'status.UNKNOWN';
}
