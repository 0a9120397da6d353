import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BankPayment } from '../../adapters/payments/payment-gateway';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { lockDeposit } from './deposits-repository';

/**
 * OPEN → PAID with the bank's reference, under the deposit's row lock and a guarded update, so a check, a
 * webhook and the worker can all report the same payment and only the first one counts. A payment of
 * another amount is recorded but flagged for staff (`amount_mismatch`): it is never credited automatically.
 * Any other status is returned unchanged.
 */
export async function markDepositPaid(
  app: FastifyInstance,
  code: string,
  payment: BankPayment,
): Promise<DepositRow> {
  if (payment.billNumber !== code) throw new Error(`payment of ${payment.billNumber} offered to ${code}`);
  const now = app.now();
  return app.db.transaction(async (tx) => {
    const row = await lockDeposit(tx, code);
    if (!row) throw new Error(`deposit ${code} vanished`);
    if (row.status !== 'OPEN') return row;
    const isAmountMismatch = payment.amount !== row.amount;
    const [paid] = await tx
      .update(deposits)
      .set({
        status: 'PAID',
        paidAt: payment.paidAt,
        bankReference: payment.bankReference,
        paidAmount: payment.amount,
        isAmountMismatch,
        lastError: isAmountMismatch ? 'AMOUNT_MISMATCH' : null,
        // Due for crediting at once: if this process dies before crediting, the worker picks it up.
        nextAttemptAt: isAmountMismatch ? null : now,
        updatedAt: now,
      })
      .where(and(eq(deposits.code, code), eq(deposits.status, 'OPEN')))
      .returning();
    if (isAmountMismatch) {
      app.log.warn(
        { code, expected: row.amount.toString(), paid: payment.amount.toString() },
        'deposit paid with another amount: left for staff',
      );
    }
    return paid ?? row;
  });
}
