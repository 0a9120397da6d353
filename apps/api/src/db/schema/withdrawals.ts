import type { TProvider } from '@lc/shared/providers';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agencies } from './agency';
import { bankAccounts } from './bank-accounts';
import { players } from './players';

/**
 * Internal states (docs/decisions/0011-withdrawal-transfers.md). The player sees PENDING and RETURNING as
 * OPEN: PENDING = the transfer out was sent but its answer is not known yet (nothing booked, not approvable);
 * RETURNING = staff rejected it and the transfer back in is under way. BOUNCED = paid out (SUCCESS), then the
 * bank sent the payout back: owed again until staff re-pay it (→ SUCCESS) or credit it back; BOUNCE_RETURNING
 * = that credit-back is under way (the player still sees BOUNCED) (docs/decisions/0027-lak-ledger-and-settlement.md).
 */
export const WITHDRAWAL_STATUSES = [
  'PENDING',
  'OPEN',
  'RETURNING',
  'SUCCESS',
  'FAILED',
  'REJECTED',
  'BOUNCED',
  'BOUNCE_RETURNING',
] as const;
export type TWithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** The states that count as "the player's open withdrawal" (at most one at a time). */
export const UNSETTLED_WITHDRAWAL_STATUSES = ['PENDING', 'OPEN', 'RETURNING'] as const;

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // `W2611210001AB`; the provider and ledger references are `<code>:out`, `<code>:back`, `<code>:payout`.
    code: text('code').notNull().unique(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    provider: text('provider').$type<TProvider>().notNull(),
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, { onDelete: 'set null' }),
    // Where staff pay, as it was when the order was made (the account row may change later).
    bank: text('bank').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    // THB satang: taken from the provider = received (paid out) + returned (kept by the house).
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    creditReceived: bigint('credit_received', { mode: 'bigint' }).notNull(),
    creditReturned: bigint('credit_returned', { mode: 'bigint' }).notNull(),
    // LAK kip = credit_received × buy, rounded down; fixed at creation with the rate it used.
    payoutAmount: bigint('payout_amount', { mode: 'bigint' }).notNull(),
    rateId: bigint('rate_id', { mode: 'number' }).notNull(),
    rateBuy: numeric('rate_buy').notNull(),
    status: text('status').$type<TWithdrawalStatus>().notNull(),
    // The provider's refusal code or why an outcome is unknown (ops only).
    failure: text('failure'),
    // Failed tries of the transfer back (`<code>:back`) of a RETURNING order: they set its backoff and alert.
    returnAttempts: integer('return_attempts').notNull().default(0),
    // The worker leaves a PENDING or RETURNING order alone until then (a claim, a backoff or a held conflict).
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    // The USED promotion usage whose rules this withdrawal met (it becomes SUCCESS when the credit is out).
    promotionUsageId: uuid('promotion_usage_id'),
    bankReference: text('bank_reference'),
    // How often its payout bounced (numbers the bounce and re-pay postings), and the bank's reference of the
    // latest bounce.
    bounces: integer('bounces').notNull().default(0),
    bounceReference: text('bounce_reference'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One unsettled withdrawal per player: the database, not a read-then-write check, is the guard.
    uniqueIndex('withdrawals_one_open_per_player_uq')
      .on(t.playerId)
      .where(sql`${t.status} IN ('PENDING', 'OPEN', 'RETURNING')`),
    index('withdrawals_player_idx').on(t.playerId, t.createdAt),
    index('withdrawals_agency_status_idx').on(t.agencyId, t.status, t.createdAt),
    index('withdrawals_agency_created_idx').on(t.agencyId, t.createdAt),
    // The dashboard's daily sums of payouts (decided_at is when staff paid it out).
    index('withdrawals_agency_decided_idx').on(t.agencyId, t.decidedAt),
  ],
);

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawalRow = typeof withdrawals.$inferInsert;
