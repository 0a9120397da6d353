import { bigserial, jsonb, pgTable } from 'drizzle-orm/pg-core';

/**
 * The order triggers' events on their way to `NOTIFY order_events` (docs/decisions/0048-order-event-outbox.md):
 * a trigger inserts its event here in the order's own transaction, and the relay of any API process takes the
 * committed ones and notifies them in one transaction per batch. UNLOGGED (drizzle/0030): no WAL for the
 * money transaction to flush, and a crash loses only events that streams then catch up on.
 */
export const orderEventOutbox = pgTable('order_event_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  payload: jsonb('payload').notNull(),
});
