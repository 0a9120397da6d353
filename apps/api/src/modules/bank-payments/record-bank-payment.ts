import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BankPayment } from '../../adapters/payments/payment-gateway';
import type { DbOrTx } from '../../db/client';
import { bankPayments } from '../../db/schema/bank-payments';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { classifyPayment } from './classify-payment';

/** What recording found: the payment's order as it stands, and whether this call claimed its credit. */
export type RecordedPayment = { deposit: DepositRow | null; isClaimed: boolean };

/** The order a payment's bill belongs to, locked: by the bill id in the QR, else by its reference (62/05). */
async function lockDepositOfPayment(tx: DbOrTx, payment: BankPayment): Promise<DepositRow | null> {
  const [byBill] = await tx
    .select()
    .from(deposits)
    .where(eq(deposits.bankBillId, payment.billNumber))
    .for('update');
  if (byBill || !payment.reference) return byBill ?? null;
  const [byReference] = await tx
    .select()
    .from(deposits)
    .where(eq(deposits.code, payment.reference))
    .for('update');
  return byReference ?? null;
}

/**
 * Keeps a payment the bank reported (webhook or look-up) once, whatever state its order is in, and moves
 * the order as the payment says (domain.md, When money leaves the happy path, rule 1), in one transaction
 * under the order's row lock so a cancel, an expiry or another report cannot slip in between:
 * - MATCHED: OPEN → PAID, and this caller takes the credit lease (until `leaseUntil`) to credit it;
 * - AMOUNT_MISMATCH: OPEN → PAID flagged for staff, never credited automatically;
 * - LATE / PAID_OUTSIDE_ORDER: the order is marked late-paid for staff (it stays as it is);
 * - DUPLICATE / UNKNOWN_BILL: only kept, for staff.
 * A payment already recorded (same bank reference) changes nothing.
 */
export async function recordBankPayment(
  app: FastifyInstance,
  payment: BankPayment,
  leaseUntil: Date,
): Promise<RecordedPayment> {
  const now = app.now();
  const recorded = await app.db.transaction(async (tx): Promise<RecordedPayment> => {
    const deposit = await lockDepositOfPayment(tx, payment);
    const verdict = classifyPayment(deposit, payment, now);
    const [inserted] = await tx
      .insert(bankPayments)
      .values({
        agencyId: deposit?.agencyId ?? null,
        bankReference: payment.bankReference,
        billNumber: payment.billNumber,
        reference: payment.reference,
        amount: payment.amount,
        paidAt: payment.paidAt,
        receivedAt: now,
        status: verdict.status,
        reason: verdict.reason,
        depositId: deposit?.id ?? null,
        playerId: deposit?.playerId ?? null,
      })
      .onConflictDoNothing({ target: bankPayments.bankReference })
      .returning({ id: bankPayments.id });
    if (!inserted || !deposit) return { deposit, isClaimed: false };
    if (verdict.status === 'MATCHED' || verdict.reason === 'AMOUNT_MISMATCH') {
      const isMatched = verdict.status === 'MATCHED';
      const [paid] = await tx
        .update(deposits)
        .set({
          status: 'PAID',
          paidAt: payment.paidAt,
          bankReference: payment.bankReference,
          paidAmount: payment.amount,
          isAmountMismatch: !isMatched,
          lastError: isMatched ? null : 'AMOUNT_MISMATCH',
          // Due for crediting at once: if this process dies before crediting, the worker picks it up (once
          // the lease has run out).
          nextAttemptAt: isMatched ? now : null,
          creditLeaseUntil: isMatched ? leaseUntil : null,
          updatedAt: now,
        })
        .where(and(eq(deposits.id, deposit.id), eq(deposits.status, 'OPEN')))
        .returning();
      return { deposit: paid ?? deposit, isClaimed: isMatched && paid !== undefined };
    }
    if (verdict.reason === 'LATE' || verdict.reason === 'PAID_OUTSIDE_ORDER') {
      const [late] = await tx
        .update(deposits)
        .set({ isLatePaid: true, updatedAt: now })
        .where(eq(deposits.id, deposit.id))
        .returning();
      return { deposit: late ?? deposit, isClaimed: false };
    }
    return { deposit, isClaimed: false };
  });
  if (
    recorded.deposit?.isAmountMismatch &&
    !recorded.isClaimed &&
    recorded.deposit.bankReference === payment.bankReference
  ) {
    app.log.warn(
      {
        code: recorded.deposit.code,
        expected: recorded.deposit.amount.toString(),
        paid: payment.amount.toString(),
      },
      'deposit paid with another amount: left for staff',
    );
  }
  return recorded;
}
