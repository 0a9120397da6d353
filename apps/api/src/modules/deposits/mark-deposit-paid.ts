import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BankPayment } from '../../adapters/payments/payment-gateway';
import { preparedStatement } from '../../db/prepared-statement';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { findDepositByCode } from './deposits-repository';

const markPaid = preparedStatement('mark_deposit_paid', (db) => {
  const paidAmount = sql`${sql.placeholder('paidAmount')}::bigint`;
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const isMismatch = sql`${deposits.amount} <> ${paidAmount}`;
  return db
    .update(deposits)
    .set({
      status: 'PAID',
      paidAt: sql`${sql.placeholder('paidAt')}::timestamptz`,
      bankReference: sql`${sql.placeholder('bankReference')}::text`,
      paidAmount,
      isAmountMismatch: isMismatch,
      lastError: sql`CASE WHEN ${isMismatch} THEN 'AMOUNT_MISMATCH' END`,
      // Due for crediting at once: if this process dies before crediting, the worker picks it up (once the
      // lease has run out).
      nextAttemptAt: sql`CASE WHEN ${isMismatch} THEN NULL ELSE ${now} END`,
      creditLeaseUntil: sql`CASE WHEN ${isMismatch} THEN NULL ELSE ${sql.placeholder('leaseUntil')}::timestamptz END`,
      updatedAt: now,
    })
    .where(and(eq(deposits.code, sql.placeholder('code')), eq(deposits.status, 'OPEN')))
    .returning();
});

/** What marking found: the row as it stands, and whether this call marked it and holds its credit lease. */
export type MarkedDeposit = { row: DepositRow; isClaimed: boolean };

/**
 * OPEN → PAID with the bank's reference in one guarded UPDATE: PostgreSQL takes the row lock and re-checks
 * `status = 'OPEN'` on the newest version, so a check, a webhook and the worker can all report the same
 * payment and only the first one counts. The same UPDATE takes the credit lease (until `leaseUntil`) for
 * the caller, who goes on to credit it (credit-deposit.ts) without a second statement to claim it. A
 * payment of another amount is recorded but flagged for staff (`amount_mismatch`, no lease): it is never
 * credited automatically. A deposit that is not OPEN is answered as it is (not claimed); an unknown code null.
 */
export async function markDepositPaid(
  app: FastifyInstance,
  code: string,
  payment: BankPayment,
  leaseUntil: Date,
): Promise<MarkedDeposit | null> {
  if (payment.billNumber !== code) throw new Error(`payment of ${payment.billNumber} offered to ${code}`);
  const [paid] = await markPaid(app.db, {
    code,
    paidAt: payment.paidAt.toISOString(),
    bankReference: payment.bankReference,
    paidAmount: payment.amount.toString(),
    now: app.now().toISOString(),
    leaseUntil: leaseUntil.toISOString(),
  });
  if (!paid) {
    const row = await findDepositByCode(app.db, code);
    return row && { row, isClaimed: false };
  }
  if (paid.isAmountMismatch) {
    app.log.warn(
      { code, expected: paid.amount.toString(), paid: payment.amount.toString() },
      'deposit paid with another amount: left for staff',
    );
  }
  return { row: paid, isClaimed: !paid.isAmountMismatch };
}
