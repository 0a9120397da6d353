import type { TProvider } from '@lc/shared/providers';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agency';
import { players } from './players';

/**
 * Internal states of a transfer of credit between two providers (docs/decisions/0072-credit-transfer.md).
 * OUT_PENDING: the row exists and `<ref>:out` was (or is about to be) sent to `from`, outcome unknown, nothing
 * booked. IN_PENDING: `:out` booked (the credit is in transit), `<ref>:in` to `to` not confirmed yet.
 * RETURNING: `to` will not take it; `<ref>:back` to `from` is under way. The player sees these three as
 * PENDING; SUCCESS, RETURNED and FAILED (`from` refused `:out`, nothing moved) as they are.
 */
export const TRANSFER_ROW_STATUSES = [
  'OUT_PENDING',
  'IN_PENDING',
  'RETURNING',
  'SUCCESS',
  'RETURNED',
  'FAILED',
] as const;
export type TTransferRowStatus = (typeof TRANSFER_ROW_STATUSES)[number];

/** The states the worker finishes (`resumeTransfer`). */
export const UNFINISHED_TRANSFER_STATUSES = ['OUT_PENDING', 'IN_PENDING', 'RETURNING'] as const;

export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // `T2611210001AB` (the shared daily order counter, prefix T); the provider and ledger references of its
    // legs are `<reference>:out` (at from), `:in` (at to) and `:back` (at from, when returned).
    reference: text('reference').notNull().unique(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    fromProvider: text('from_provider').$type<TProvider>().notNull(),
    toProvider: text('to_provider').$type<TProvider>().notNull(),
    // THB satang, > 0.
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    // The request's Idempotency-Key: a repeat finds this transfer even after its key's answer was released
    // (a 5xx, a crash), so one key never makes two transfers.
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<TTransferRowStatus>().notNull(),
    // Sends of the current leg (`:in` while IN_PENDING, `:back` while RETURNING) that did not land: they set
    // the backoff, and `:in`'s decide when the credit goes back.
    attempts: integer('attempts').notNull().default(0),
    // The worker leaves an unfinished transfer alone until then (its own request's grace, a backoff, a claim).
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    // The provider's refusal code or why an outcome is unknown (ops only).
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('transfers_player_key_uq').on(t.playerId, t.idempotencyKey),
    index('transfers_player_idx').on(t.playerId, t.createdAt),
    // The worker's few unfinished ones, without a scan of every transfer ever made.
    index('transfers_unfinished_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} IN ('OUT_PENDING', 'IN_PENDING', 'RETURNING')`),
  ],
);

export type TransferRow = typeof transfers.$inferSelect;
export type NewTransferRow = typeof transfers.$inferInsert;
