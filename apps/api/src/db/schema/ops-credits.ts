import type { TProvider } from '@lc/shared/providers';
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agency';
import { players } from './players';

export const OPS_CREDIT_STATUSES = ['PENDING', 'APPLIED', 'REJECTED'] as const;
export type TOpsCreditStatus = (typeof OPS_CREDIT_STATUSES)[number];

/**
 * Manual credits by operators. The row exists before the provider is asked, so an answer that never arrives
 * leaves a PENDING credit that is resumed by its reference (never re-sent under a new one).
 */
export const opsCredits = pgTable(
  'ops_credits',
  {
    // `ops-credit:<idempotency key>`: the same reference at the provider and in the ledger.
    reference: text('reference').primaryKey(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    provider: text('provider').$type<TProvider>().notNull(),
    // THB satang.
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason'),
    status: text('status').$type<TOpsCreditStatus>().notNull(),
    failure: text('failure'),
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ops_credits_player_idx').on(t.playerId, t.createdAt),
    // The few PENDING ones: what the worker's resume step and the metrics scrape look for, without a full scan.
    index('ops_credits_pending_idx').on(t.updatedAt).where(sql`${t.status} = 'PENDING'`),
  ],
);

export type OpsCreditRow = typeof opsCredits.$inferSelect;
