import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Payments received by the built-in sandbox bank (SANDBOX=true only), one per bill number: what a real
 * bank's gateway would report for a paid LaoQR. Kept apart from the platform's own tables, like a bank's.
 */
export const sandboxBankPayments = pgTable('sandbox_bank_payments', {
  billNumber: text('bill_number').primaryKey(),
  // Whole kip.
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  bankReference: text('bank_reference').notNull().unique('sandbox_bank_payments_reference_uq'),
  paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  webhookDeliveredAt: timestamp('webhook_delivered_at', { withTimezone: true }),
});

export type SandboxBankPaymentRow = typeof sandboxBankPayments.$inferSelect;
