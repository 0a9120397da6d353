import type { BANK_PAYMENT_REASONS, BANK_PAYMENT_STATUSES } from '@lc/shared/contracts/ops-bank-payments';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agency';
import { deposits } from './deposits';
import { players } from './players';

/** What became of a payment the bank reported, and why one did not settle its order by itself. */
export type TBankPaymentStatus = (typeof BANK_PAYMENT_STATUSES)[number];
export type TBankPaymentReason = (typeof BANK_PAYMENT_REASONS)[number];

/**
 * Every payment the bank reported, by webhook or look-up, kept once (unique by the bank's reference) whatever
 * state its order was in. MATCHED settled its order; UNMATCHED waits for staff, who CREDIT it (once) or
 * REFUND it (once). Amounts in whole kip.
 */
export const bankPayments = pgTable(
  'bank_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null only for a bill no agency issued (UNKNOWN_BILL): every agency's staff see those.
    agencyId: uuid('agency_id').references(() => agencies.id),
    bankReference: text('bank_reference').notNull().unique('bank_payments_reference_uq'),
    // 62/01 of the QR as the bank reports it: its own bill id (gateway) or our order code (local).
    billNumber: text('bill_number').notNull(),
    // 62/05 of the QR: our order code.
    reference: text('reference'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    status: text('status').$type<TBankPaymentStatus>().notNull(),
    reason: text('reason').$type<TBankPaymentReason>(),
    // The order whose bill it paid (none for UNKNOWN_BILL).
    depositId: uuid('deposit_id').references(() => deposits.id),
    // The player and the deposit staff credited it to (CREDITED): the order itself or a new one.
    playerId: uuid('player_id').references(() => players.id),
    creditedDepositId: uuid('credited_deposit_id').references(() => deposits.id),
    refundReference: text('refund_reference'),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('bank_payments_agency_status_idx').on(t.agencyId, t.status, t.receivedAt),
    index('bank_payments_deposit_idx').on(t.depositId),
    index('bank_payments_agency_received_idx').on(t.agencyId, t.receivedAt),
    check('bank_payments_amount_ck', sql`${t.amount} > 0`),
    check('bank_payments_status_ck', sql`${t.status} IN ('MATCHED', 'UNMATCHED', 'CREDITED', 'REFUNDED')`),
    check(
      'bank_payments_reason_ck',
      sql`(${t.status} = 'MATCHED') = (${t.reason} IS NULL) OR ${t.status} IN ('CREDITED', 'REFUNDED')`,
    ),
  ],
);

export type BankPaymentRow = typeof bankPayments.$inferSelect;
