import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BankPayment } from '../../adapters/payments/payment-gateway';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { findDepositByCode } from './deposits-repository';

/**
 * OPEN → PAID with the bank's reference in one guarded UPDATE: PostgreSQL takes the row lock and re-checks
 * `status = 'OPEN'` on the newest version, so a check, a webhook and the worker can all report the same
 * payment and only the first one counts. A payment of another amount is recorded but flagged for staff
 * (`amount_mismatch`): it is never credited automatically. Any other status is returned unchanged.
 */
export async function markDepositPaid(
  app: FastifyInstance,
  code: string,
  payment: BankPayment,
): Promise<DepositRow> {
  if (payment.billNumber !== code) throw new Error(`payment of ${payment.billNumber} offered to ${code}`);
  const now = app.now();
  const isMismatch = sql`${deposits.amount} <> ${payment.amount.toString()}::bigint`;
  const [paid] = await app.db
    .update(deposits)
    .set({
      status: 'PAID',
      paidAt: payment.paidAt,
      bankReference: payment.bankReference,
      paidAmount: payment.amount,
      isAmountMismatch: isMismatch,
      lastError: sql`CASE WHEN ${isMismatch} THEN 'AMOUNT_MISMATCH' END`,
      // Due for crediting at once: if this process dies before crediting, the worker picks it up.
      nextAttemptAt: sql`CASE WHEN ${isMismatch} THEN NULL ELSE ${now.toISOString()}::timestamptz END`,
      updatedAt: now,
    })
    .where(and(eq(deposits.code, code), eq(deposits.status, 'OPEN')))
    .returning();
  if (!paid) {
    const row = await findDepositByCode(app.db, code);
    if (!row) throw new Error(`deposit ${code} vanished`);
    return row;
  }
  if (paid.isAmountMismatch) {
    app.log.warn(
      { code, expected: paid.amount.toString(), paid: payment.amount.toString() },
      'deposit paid with another amount: left for staff',
    );
  }
  return paid;
}
