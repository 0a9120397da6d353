import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agency';
import { players } from './players';

/**
 * Idempotency-Key records of money-moving POSTs (api.md, Idempotency). A row is written before the handler
 * runs (`status` null = in progress) and completed with the answer, so a repeat replays it and a concurrent
 * repeat waits for it instead of running the handler a second time.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    // SHA-256 of method, route and canonical body: the same key with another request is refused.
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    // The serialized JSON answer, replayed byte for byte.
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    unique('idempotency_keys_player_key_uq').on(t.playerId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
