import { ORDER_STATUSES, type TOrderStatus } from '@lc/shared/contracts/orders';

/** Chip colour of a deposit or withdrawal status (spec section 4). */
export type OrderStatusColor = 'gray' | 'red' | 'yellow' | 'green' | 'orange';

// REJECTED has no colour in the spec: orange says "refused by staff", apart from a technical FAILED (red).
const COLORS: Record<TOrderStatus, OrderStatusColor> = {
  OPEN: 'gray',
  PAID: 'yellow',
  SUCCESS: 'green',
  CANCELED: 'red',
  FAILED: 'red',
  REJECTED: 'orange',
};

export function isOrderStatus(value: string): value is TOrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The chip colour of any status string; an unknown value shows grey. */
export function orderStatusColor(status: string): OrderStatusColor {
  return isOrderStatus(status) ? COLORS[status] : 'gray';
}

/** The translation key of a status label (`status.OPEN` reads "waiting"); unknown → `status.UNKNOWN`. */
export function orderStatusLabelKey(status: string): `status.${TOrderStatus | 'UNKNOWN'}` {
  return isOrderStatus(status) ? `status.${status}` : 'status.UNKNOWN';
}
