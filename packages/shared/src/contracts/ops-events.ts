import { z } from 'zod';

/** The queues a back-office event is about (backoffice.md: the menu counts and the live tables). */
export const OPS_QUEUE_EVENT_TYPES = ['deposit', 'withdrawal', 'bank-payment', 'approval'] as const;

/**
 * One `data:` message of `GET /api/ops/v1/events` (default `message` event, so `EventSource.onmessage` gets
 * it): `id` is the order code for deposits and withdrawals, the record id for bank payments and approvals.
 * `status` is the record's status after the change (a withdrawal's internal state, as the ops list shows
 * it), so the console can tell an arrival in a queue from a departure without reading the record first.
 */
export const ZOpsQueueEvent = z.object({
  type: z.enum(OPS_QUEUE_EVENT_TYPES),
  id: z.string(),
  status: z.string(),
});
export type TOpsQueueEvent = z.infer<typeof ZOpsQueueEvent>;
