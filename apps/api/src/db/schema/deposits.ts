import type { TOrderStatus } from '@lc/shared/contracts/orders';
import type { TBank, TProvider } from '@lc/shared/providers';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agencies } from './agency';
import { bankAccounts } from './bank-accounts';
import { players } from './players';

/**
 * LaoQR deposits (domain.md, Deposit; docs/decisions/0010-deposit-settlement.md). Amounts: `amount` in whole
 * kip, `credit` and `bonus` in THB satang. The status only moves forward by guarded updates
 * (`… WHERE status = 'OPEN'`), and at most one OPEN deposit per player exists (partial unique index).
 */
export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // `D2611210001AB`: also the LaoQR bill number and, with `:in`, the provider and ledger reference.
    code: text('code').notNull().unique('deposits_code_uq'),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    provider: text('provider').$type<TProvider>().notNull(),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    mid: text('mid').notNull(),
    channelCode: text('channel_code').notNull(),
    // Where the QR pays to, copied from the channel so the QR stays the same if ops edit the channel: the
    // receiving bank and the receiver id that bank issued (QR tag 38/03; the column kept its first name).
    receivingBank: text('receiving_bank').$type<TBank>().notNull(),
    receiverId: text('receiving_account').notNull(),
    merchantName: text('merchant_name').notNull(),
    qrPayload: text('qr_payload').notNull(),
    // The bill id in the QR (62/01): the bank's own for a gateway channel, the order code for a local one.
    // Payments are matched by it, else by the QR's reference (62/05, the order code).
    bankBillId: text('bank_bill_id'),
    rateId: bigint('rate_id', { mode: 'number' }).notNull(),
    rateSell: numeric('rate_sell').notNull(),
    credit: bigint('credit', { mode: 'bigint' }).notNull(),
    bonus: bigint('bonus', { mode: 'bigint' }).notNull().default(sql`0`),
    // The ACTIVE promotion usage this deposit fulfils (its bonus is in `bonus`); USED once credited.
    promotionUsageId: uuid('promotion_usage_id'),
    status: text('status').$type<TOrderStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // What the bank reported: its reference and the amount actually paid.
    bankReference: text('bank_reference'),
    paidAmount: bigint('paid_amount', { mode: 'bigint' }),
    // The bank has a payment with another amount: left PAID for staff, never credited automatically.
    isAmountMismatch: boolean('amount_mismatch').notNull().default(false),
    // A payment arrived after the order closed (or outside its life) and waits for staff (api.md `latePaid`).
    isLatePaid: boolean('late_paid').notNull().default(false),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    // Crediting retries (worker): failed attempts, the last failure and when to try again.
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    // Set while one settler is crediting, so parallel checks and webhooks do not all call the provider.
    creditLeaseUntil: timestamp('credit_lease_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    // When the worker asked the bank about the bill one last time after the order's life (its QR's expiry)
    // had ended and the order was closed: a payment of its life whose webhook was lost is kept then.
    finalLookUpAt: timestamp('final_look_up_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deposits_one_open_per_player_uq').on(t.playerId).where(sql`${t.status} = 'OPEN'`),
    // A usage's bonus is paid once: at most one deposit per usage that is on its way, credited, or FAILED
    // (paid but not credited yet: staff may still complete it, domain.md rule 4).
    uniqueIndex('deposits_one_per_usage_uq')
      .on(t.promotionUsageId)
      .where(sql`${t.status} IN ('OPEN', 'PAID', 'FAILED', 'SUCCESS')`),
    index('deposits_player_created_idx').on(t.playerId, t.createdAt),
    // The back office's pages: all of an agency's orders newest first, or one status (the PAID/FAILED queue).
    index('deposits_agency_created_idx').on(t.agencyId, t.createdAt, t.code),
    index('deposits_agency_status_created_idx').on(t.agencyId, t.status, t.createdAt, t.code),
    // The dashboard's daily sums of credited deposits.
    index('deposits_agency_credited_idx').on(t.agencyId, t.creditedAt).where(sql`${t.status} = 'SUCCESS'`),
    uniqueIndex('deposits_bank_bill_uq').on(t.bankBillId),
    index('deposits_due_idx').on(t.status, t.nextAttemptAt),
    index('deposits_open_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'OPEN'`),
    index('deposits_final_look_up_idx')
      .on(t.expiresAt)
      .where(
        sql`${t.finalLookUpAt} IS NULL AND ${t.status} IN ('SUCCESS', 'CANCELED', 'REJECTED', 'FAILED')`,
      ),
    check('deposits_amounts_ck', sql`${t.amount} > 0 AND ${t.credit} > 0 AND ${t.bonus} >= 0`),
    check(
      'deposits_status_ck',
      sql`${t.status} IN ('OPEN', 'PAID', 'SUCCESS', 'CANCELED', 'FAILED', 'REJECTED')`,
    ),
  ],
);

export type DepositRow = typeof deposits.$inferSelect;
export type NewDepositRow = typeof deposits.$inferInsert;

/** Daily order sequence per agency and code prefix (`D` deposits; withdrawals may use `W`). */
export const orderSequences = pgTable(
  'order_sequences',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    prefix: text('prefix').notNull(),
    // yymmdd in Lao time.
    day: text('day').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ name: 'order_sequences_pk', columns: [t.agencyId, t.prefix, t.day] })],
);
