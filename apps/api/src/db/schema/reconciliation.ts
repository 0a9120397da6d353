import type { TProvider } from '@lc/shared/providers';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agencies } from './agency';
import { ledgerAccounts } from './ledger';
import { players } from './players';

// Stored reconciliation (docs/decisions/0022-reconciliation-runs.md): each run, what it checked and every
// difference it found, with the references on each side. Amounts in THB satang.

export const RECONCILIATION_RUN_KINDS = ['FULL', 'ACTIVITY'] as const;
export type TReconciliationRunKind = (typeof RECONCILIATION_RUN_KINDS)[number];
export const RECONCILIATION_RUN_STATUSES = ['RUNNING', 'DONE', 'FAILED'] as const;
export type TReconciliationRunStatus = (typeof RECONCILIATION_RUN_STATUSES)[number];
export const RECONCILIATION_DIFFERENCE_KINDS = [
  'MISSING_AT_PROVIDER',
  'MISSING_IN_LEDGER',
  'AMOUNT_DIFFERS',
  'BALANCE_DIFFERS',
  'CACHE_DIFFERS',
] as const;
export type TReconciliationDifferenceKind = (typeof RECONCILIATION_DIFFERENCE_KINDS)[number];

/** The ledger's agency totals stored with a run (THB strings, as the API shows them). */
export type TRunTotals = { house: string; bonus: string; payout: string; ledgerSum: string };

export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Orders runs started within one instant (a fixed test clock, two POSTs in a millisecond).
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    kind: text('kind').$type<TReconciliationRunKind>().notNull(),
    status: text('status').$type<TReconciliationRunStatus>().notNull(),
    // `ops:<actor>` for a run an operator started, `worker` for the periodic one.
    requestedBy: text('requested_by').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    windowFrom: timestamp('window_from', { withTimezone: true }),
    windowTo: timestamp('window_to', { withTimezone: true }),
    // Every provider's transfer report of the window was read: the next window may start after this one.
    isWindowComplete: boolean('is_window_complete').notNull().default(false),
    accountsChecked: integer('accounts_checked').notNull().default(0),
    transfersMatched: integer('transfers_matched').notNull().default(0),
    providerCalls: integer('provider_calls').notNull().default(0),
    differences: integer('differences').notNull().default(0),
    unavailable: integer('unavailable').notNull().default(0),
    totals: jsonb('totals').$type<TRunTotals>(),
    error: text('error'),
  },
  (t) => [
    // One runner per agency at a time; a second start joins the running one.
    uniqueIndex('reconciliation_runs_one_running_uq').on(t.agencyId).where(sql`${t.status} = 'RUNNING'`),
    index('reconciliation_runs_agency_idx').on(t.agencyId, t.seq),
  ],
);

/** One account whose provider statement a run read: ledger and provider side by side. */
export const reconciliationChecks = pgTable(
  'reconciliation_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => reconciliationRuns.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    provider: text('provider').$type<TProvider>().notNull(),
    member: text('member').notNull(),
    ledger: bigint('ledger', { mode: 'bigint' }).notNull(),
    transferredIn: bigint('transferred_in', { mode: 'bigint' }),
    transferredOut: bigint('transferred_out', { mode: 'bigint' }),
    providerBalance: bigint('provider_balance', { mode: 'bigint' }),
    status: text('status').$type<'OK' | 'DIFFERENCE' | 'UNAVAILABLE'>().notNull(),
    error: text('error'),
  },
  (t) => [index('reconciliation_checks_run_idx').on(t.runId)],
);

/**
 * A difference a run found, one row per reference (MISSING_AT_PROVIDER, MISSING_IN_LEDGER, AMOUNT_DIFFERS:
 * signed amounts, positive = into the player's wallet) or per account (BALANCE_DIFFERS: ledger balance vs
 * the provider's transferred in − out; CACHE_DIFFERS: cached balance vs the sum of its entries).
 */
export const reconciliationDifferences = pgTable(
  'reconciliation_differences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => reconciliationRuns.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    playerId: uuid('player_id').references(() => players.id),
    provider: text('provider').$type<TProvider>(),
    kind: text('kind').$type<TReconciliationDifferenceKind>().notNull(),
    reference: text('reference'),
    providerAmount: bigint('provider_amount', { mode: 'bigint' }),
    ledgerAmount: bigint('ledger_amount', { mode: 'bigint' }),
    // CACHE_DIFFERS only: what the account's entries sum to (ledgerAmount is then the cached balance).
    entriesAmount: bigint('entries_amount', { mode: 'bigint' }),
  },
  (t) => [index('reconciliation_differences_run_idx').on(t.runId, t.accountId)],
);

/**
 * Every player-provider account reconciliation knows, with its member name at the provider (a hash of the
 * player id, so it is computed once here rather than for every account in every run) and when its
 * statement was last read: the full sweep takes the least recently checked.
 */
export const reconciliationAccounts = pgTable(
  'reconciliation_accounts',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => ledgerAccounts.id),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    provider: text('provider').$type<TProvider>().notNull(),
    member: text('member').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reconciliation_accounts_member_uq').on(t.agencyId, t.provider, t.member),
    index('reconciliation_accounts_checked_idx').on(t.agencyId, t.checkedAt.asc().nullsFirst()),
  ],
);

export type ReconciliationRunRow = typeof reconciliationRuns.$inferSelect;
export type ReconciliationCheckRow = typeof reconciliationChecks.$inferSelect;
export type ReconciliationDifferenceRow = typeof reconciliationDifferences.$inferSelect;
