import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

// The built-in sandbox of the five game providers (SANDBOX=true only). It keeps its own state, apart from the
// platform's ledger, exactly as a real provider would: reconciliation compares the two.

/** A member (wallet) at one sandbox provider. Amounts in THB satang. */
export const sandboxProviderMembers = pgTable(
  'sandbox_provider_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    username: text('username').notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    // Running sums kept on the locked row, so a statement is one consistent read.
    transferredIn: bigint('transferred_in', { mode: 'bigint' }).notNull().default(sql`0`),
    transferredOut: bigint('transferred_out', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('sandbox_provider_members_provider_username_uq').on(t.provider, t.username),
    check('sandbox_provider_members_balance_ck', sql`${t.balance} >= 0`),
  ],
);

/** Transfers in and out of a member's wallet; a reference is used once per provider. */
export const sandboxProviderTransfers = pgTable(
  'sandbox_provider_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => sandboxProviderMembers.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('sandbox_provider_transfers_provider_reference_uq').on(t.provider, t.reference),
    // The transfer report pages through one provider's transfers by time (list-sandbox-transfers.ts).
    index('sandbox_provider_transfers_applied_idx').on(t.provider, t.createdAt, t.id),
    check('sandbox_provider_transfers_amount_ck', sql`${t.amount} > 0`),
  ],
);

/**
 * What happened to a balance between transfers: game rounds (`spin`) and test adjustments. For every member,
 * balance = transferredIn − transferredOut + Σ(win − stake).
 */
export const sandboxProviderRounds = pgTable(
  'sandbox_provider_rounds',
  {
    // Ordered by id: rounds within one instant (a fixed test clock) still list newest first.
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => sandboxProviderMembers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'spin' | 'adjustment'>().notNull(),
    gameCode: text('game_code'),
    outcome: text('outcome').notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    // Negative only for an adjustment that lowers the balance.
    win: bigint('win', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_provider_rounds_member_idx').on(t.memberId, t.id)],
);

export const sandboxProviderGameTabs = pgTable(
  'sandbox_provider_game_tabs',
  {
    provider: text('provider').notNull(),
    id: text('id').notNull(),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [primaryKey({ name: 'sandbox_provider_game_tabs_pk', columns: [t.provider, t.id] })],
);

export const sandboxProviderGames = pgTable(
  'sandbox_provider_games',
  {
    provider: text('provider').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    tab: text('tab').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [primaryKey({ name: 'sandbox_provider_games_pk', columns: [t.provider, t.code] })],
);

/** A launched demo game: the page URL carries the token, the table only its SHA-256. */
export const sandboxProviderLaunches = pgTable(
  'sandbox_provider_launches',
  {
    tokenHash: text('token_hash').primaryKey(),
    provider: text('provider').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => sandboxProviderMembers.id, { onDelete: 'cascade' }),
    gameCode: text('game_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_provider_launches_expires_idx').on(t.expiresAt)],
);

export type SandboxMemberRow = typeof sandboxProviderMembers.$inferSelect;
export type SandboxTransferRow = typeof sandboxProviderTransfers.$inferSelect;
export type SandboxRoundRow = typeof sandboxProviderRounds.$inferSelect;
