import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agency';
import { players } from './players';

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    bank: text('bank').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    currency: text('currency').notNull().default('LAK'),
    owner: text('owner').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // One account per player; the same bank account cannot be held by two players of an agency (domain.md).
  (t) => [
    unique('bank_accounts_agency_bank_number_uq').on(t.agencyId, t.bank, t.accountNumber),
    unique('bank_accounts_player_uq').on(t.playerId),
    // Staff search players by account number without knowing the bank (backoffice.md Players).
    index('bank_accounts_agency_number_idx').on(t.agencyId, t.accountNumber),
  ],
);

export type BankAccountRow = typeof bankAccounts.$inferSelect;
