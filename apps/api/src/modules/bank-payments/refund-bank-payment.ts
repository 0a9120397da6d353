import { formatMinor } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AgencyRow } from '../../db/schema/agency';
import { type BankPaymentRow, bankPayments } from '../../db/schema/bank-payments';
import { AppError } from '../../lib/app-error';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { clearLatePaidOnceResolved } from './clear-late-paid';
import { lockPaymentWithOrder } from './lock-agency-payment';

/**
 * Staff refund an UNMATCHED bank payment (domain.md rule 1) with the bank reference of the refund they sent:
 * → REFUNDED, once (409 PAYMENT_ALREADY_RESOLVED otherwise), audited. Its order stops showing "paid after
 * cancellation" once no other payment of it waits for staff.
 */
export async function refundBankPayment(
  app: FastifyInstance,
  input: { agency: AgencyRow; paymentId: string; bankReference: string; actor: string; scope: AuditScope },
): Promise<BankPaymentRow> {
  const now = app.now();
  return app.db.transaction(async (tx) => {
    // Its order is locked first (docs/decisions/0062): the refund may clear the order's late-paid mark.
    const { payment } = await lockPaymentWithOrder(tx, input.agency.id, input.paymentId);
    if (payment.status !== 'UNMATCHED') {
      throw new AppError(409, 'PAYMENT_ALREADY_RESOLVED', `Bank payment ${payment.id} is ${payment.status}`);
    }
    const [refunded] = await tx
      .update(bankPayments)
      .set({
        status: 'REFUNDED',
        refundReference: input.bankReference,
        resolvedBy: input.actor,
        resolvedAt: now,
      })
      .where(eq(bankPayments.id, payment.id))
      .returning();
    if (!refunded) throw new Error(`bank payment ${payment.id} vanished under its lock`);
    if (payment.depositId) await clearLatePaidOnceResolved(tx, payment.depositId, now);
    await recordAudit(tx, {
      actor: input.actor,
      scope: input.scope,
      action: 'bank-payment.refund',
      target: `bank-payment:${payment.id}`,
      details: {
        bankReference: payment.bankReference,
        reason: payment.reason,
        amount: formatMinor(payment.amount, 'LAK'),
        refundReference: input.bankReference,
      },
      at: now,
    });
    return refunded;
  });
}
