import { formatMinor } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import { type BankPaymentRow, bankPayments } from '../../db/schema/bank-payments';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { AppError } from '../../lib/app-error';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { recordNotice } from '../security/record-notice';
import { clearLatePaidOnceResolved } from './clear-late-paid';
import { lockPaymentWithOrder } from './lock-agency-payment';

/**
 * An order this very payment left PAID with another amount has nothing left to settle it once the payment is
 * refunded: it is closed REJECTED (nothing credited, the kip returned), so it no longer counts as a deposit on
 * its way (play limits, its promotion) nor waits in the staff queue (docs/decisions/0074). The order is locked.
 */
async function closeRefundedOrder(tx: DbOrTx, order: DepositRow, payment: BankPaymentRow, now: Date) {
  if (order.status !== 'PAID' || !order.isAmountMismatch || order.bankReference !== payment.bankReference) {
    return;
  }
  await tx
    .update(deposits)
    .set({ status: 'REJECTED', closedAt: now, nextAttemptAt: null, creditLeaseUntil: null, updatedAt: now })
    .where(eq(deposits.id, order.id));
}

/**
 * Staff refund an UNMATCHED bank payment (domain.md rule 1) with the bank reference of the refund they sent:
 * → REFUNDED, once (409 PAYMENT_ALREADY_RESOLVED otherwise), audited, and the player is told (a notice). Its
 * order stops showing "paid after cancellation" once no other payment of it waits for staff; an order the
 * payment held PAID with another amount is closed.
 */
export async function refundBankPayment(
  app: FastifyInstance,
  input: { agency: AgencyRow; paymentId: string; bankReference: string; actor: string; scope: AuditScope },
): Promise<BankPaymentRow> {
  const now = app.now();
  return app.db.transaction(async (tx) => {
    // Its order is locked first (docs/decisions/0062): the refund may clear the order's late-paid mark.
    const { payment, order } = await lockPaymentWithOrder(tx, input.agency.id, input.paymentId);
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
    if (order) await closeRefundedOrder(tx, order, payment, now);
    if (payment.playerId) {
      await recordNotice(tx, {
        playerId: payment.playerId,
        kind: 'PAYMENT_REFUNDED',
        at: now,
        payment: {
          code: order?.code ?? payment.reference ?? payment.billNumber,
          amount: formatMinor(payment.amount, 'LAK'),
          credit: null,
          provider: null,
        },
      });
    }
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
