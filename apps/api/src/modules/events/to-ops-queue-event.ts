import type { TOpsQueueEvent } from '@lc/shared/contracts/ops-events';
import type { OrderEvent } from './order-event';

/**
 * What a back-office stream sends for an event, or null when it touches no queue: a deposit while OPEN or
 * CANCELED (the player's own business), a bank payment that settled its order by itself (MATCHED), a
 * withdrawal whose transfer out has no answer yet (PENDING, not actionable), a transfer between providers.
 * Every other change is sent, including a record leaving a queue (SUCCESS, REJECTED, CREDITED…), so the
 * console's counts go down too.
 */
export function toOpsQueueEvent(event: OrderEvent): TOpsQueueEvent | null {
  switch (event.kind) {
    case 'deposit':
      return event.status === 'OPEN' || event.status === 'CANCELED'
        ? null
        : { type: 'deposit', id: event.code, status: event.status };
    case 'withdrawal':
      return event.status === 'PENDING' ? null : { type: 'withdrawal', id: event.code, status: event.status };
    case 'bank_payment':
      return event.status === 'MATCHED'
        ? null
        : { type: 'bank-payment', id: event.code, status: event.status };
    case 'approval':
      return { type: 'approval', id: event.code, status: event.status };
    // A transfer between providers is the player's own business: no staff queue holds it (decision 0072).
    case 'transfer':
      return null;
  }
}
