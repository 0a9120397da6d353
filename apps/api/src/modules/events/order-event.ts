import { z } from 'zod';

/**
 * The NOTIFY channel of the order events (drizzle/0025_order_events.sql), and since 0028 of the bank payment
 * and approval events too (the back office's queues, decision 0043). Since 0030 the triggers put the events
 * in an outbox, and the relay notifies them here (relay-order-events.ts, decision 0048).
 */
export const ORDER_EVENTS_CHANNEL = 'order_events';

// What the trigger records: enough for any stream to filter (a player's by playerId, a staff console's by
// agencyId) without reading the order again. `status` is the stored one (a withdrawal's internal state).
// Bank payments and approvals carry their id as `code` and no player; a payment of a bill no agency issued
// has no agency either (every agency's staff see those). A transfer between providers carries its reference as
// `code` (drizzle/0038_credit_transfers.sql).
const ZOrderEvent = z.object({
  kind: z.enum(['deposit', 'withdrawal', 'transfer', 'bank_payment', 'approval']),
  agencyId: z.string().nullable(),
  playerId: z.string().nullable(),
  code: z.string(),
  status: z.string(),
});

export type OrderEvent = z.infer<typeof ZOrderEvent>;

/** The event of one NOTIFY payload, or null for anything else (never throws: a bad payload is only logged). */
export function parseOrderEvent(payload: string): OrderEvent | null {
  try {
    const parsed = ZOrderEvent.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
