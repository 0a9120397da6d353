import type { TProvider } from '@lc/shared/providers';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { agencies } from './agency';
import { players } from './players';

/**
 * Double-entry ledger (docs/decisions/0008-ledger-and-reconciliation.md). Entries and transactions are
 * append-only (a trigger refuses UPDATE and DELETE); `ledger_accounts.balance` is a cache of the sum of the
 * account's entries, changed only by `postTransaction` under a row lock.
 */
/**
 * THB: PLAYER_PROVIDER, HOUSE, BONUS, PAYOUT (credit taken out for a withdrawal, not paid yet), IN_TRANSIT
 * (per player: credit out of one provider on its way to another, decision 0072). LAK (domain
 * rule 7, docs/decisions/0027-lak-ledger-and-settlement.md): BANK (kip in the agency's bank accounts), FX (the
 * exchange: kip sold for credit and bought back), PAYOUT_OWED (kip owed to a player for a withdrawal).
 */
export const LEDGER_ACCOUNT_KINDS = [
  'PLAYER_PROVIDER',
  'HOUSE',
  'BONUS',
  'IN_TRANSIT',
  'PAYOUT',
  'BANK',
  'FX',
  'PAYOUT_OWED',
] as const;
export type TLedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** THB credit in satang, LAK in whole kip. */
export const LEDGER_CURRENCIES = ['THB', 'LAK'] as const;
export type TLedgerCurrency = (typeof LEDGER_CURRENCIES)[number];

export const LEDGER_TRANSACTION_KINDS = [
  'DEPOSIT',
  'WITHDRAW',
  'WITHDRAW_RETURN',
  'BONUS',
  'ADJUSTMENT',
  'REVERSAL',
  // A payout the bank sent back: the kip is in the bank and owed to the player again.
  'BOUNCE',
  // One leg of a transfer of credit between two providers (`<ref>:out`, `:in`, `:back`; decision 0072):
  // through the player's IN_TRANSIT account, so each leg sums to zero on its own.
  'TRANSFER',
] as const;
export type TLedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    kind: text('kind').$type<TLedgerAccountKind>().notNull(),
    playerId: uuid('player_id').references(() => players.id),
    provider: text('provider').$type<TProvider>(),
    currency: text('currency').$type<TLedgerCurrency>().notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    /**
     * Which of an agency-wide account's rows this is (0 for every per-player account): the house, bonus, bank
     * and FX accounts are each spread over AGENCY_ACCOUNT_SHARDS rows, so postings do not all queue on one
     * row lock (docs/decisions/0052-agency-accounts-spread-over-rows.md). The account's balance is their sum.
     */
    shard: smallint('shard').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // NULLS NOT DISTINCT: each row of the house account (no player, no provider) must exist once, not once per
  // insert.
  (t) => [
    unique('ledger_accounts_key_uq')
      .on(t.agencyId, t.kind, t.playerId, t.provider, t.currency, t.shard)
      .nullsNotDistinct(),
    index('ledger_accounts_kind_idx').on(t.kind, t.provider),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    kind: text('kind').$type<TLedgerTransactionKind>().notNull(),
    // The idempotency key of a posting: the order code plus a step, e.g. `D2611210001AB:in`.
    reference: text('reference').notNull(),
    playerId: uuid('player_id').references(() => players.id),
    provider: text('provider').$type<TProvider>(),
    memo: text('memo'),
    reversesId: uuid('reverses_id').references((): AnyPgColumn => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('ledger_transactions_reference_uq').on(t.reference),
    unique('ledger_transactions_reverses_uq').on(t.reversesId),
    index('ledger_transactions_player_idx').on(t.playerId, t.kind),
    // The player's ledger page, newest first.
    index('ledger_transactions_player_created_idx').on(t.playerId, t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    // Signed minor units: positive adds to the account, negative takes from it.
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').$type<TLedgerCurrency>().notNull(),
  },
  (t) => [
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
