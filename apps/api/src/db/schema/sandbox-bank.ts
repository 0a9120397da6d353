import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Payments received by the built-in sandbox bank (SANDBOX=true only): what a real bank's gateway would
 * report for a paid LaoQR. A bill can be paid more than once (a player paying twice), so the key is the
 * bank's own reference. Kept apart from the platform's own tables, like a bank's.
 */
export const sandboxBankPayments = pgTable(
  'sandbox_bank_payments',
  {
    bankReference: text('bank_reference').primaryKey(),
    // 62/01 of the QR paid: the bank's bill id or the merchant's own.
    billNumber: text('bill_number').notNull(),
    // 62/05 of the QR paid, when it had one.
    reference: text('reference'),
    // Whole kip.
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    webhookDeliveredAt: timestamp('webhook_delivered_at', { withTimezone: true }),
  },
  (t) => [index('sandbox_bank_payments_bill_idx').on(t.billNumber, t.paidAt)],
);

export type SandboxBankPaymentRow = typeof sandboxBankPayments.$inferSelect;

/** Dynamic QR bills the sandbox bank issued through its dynamic-QR API (gateway-mode channels). */
export const sandboxBankBills = pgTable('sandbox_bank_bills', {
  billId: text('bill_id').primaryKey(),
  // The merchant's reference (the order code): asking again with it answers the same bill.
  reference: text('reference').notNull().unique('sandbox_bank_bills_reference_uq'),
  receiverId: text('receiver_id').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  payload: text('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export type SandboxBankBillRow = typeof sandboxBankBills.$inferSelect;
