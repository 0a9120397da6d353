import { and, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { findDepositByCode } from './deposits-repository';
import { billOf, settlePayments } from './settle-deposit';

/**
 * OPEN → CANCELED once past `expires_at`, guarded so it can never cancel a deposit that was marked PAID
 * meanwhile. The caller has just asked the bank and found no payment that settles it.
 */
export async function closeExpiredDeposit(app: FastifyInstance, code: string): Promise<DepositRow | null> {
  const now = app.now();
  const [row] = await app.db
    .update(deposits)
    .set({ status: 'CANCELED', closedAt: now, lastError: 'EXPIRED', nextAttemptAt: null, updatedAt: now })
    .where(and(eq(deposits.code, code), eq(deposits.status, 'OPEN'), lte(deposits.expiresAt, now)))
    .returning();
  return row ?? findDepositByCode(app.db, code);
}

/**
 * The worker's expiry of an OPEN deposit: one last look at the bank; paid → settled instead, unpaid (or paid
 * outside the order's life, which is kept for staff) and past its expiry → CANCELED. Other statuses are left
 * alone. Throws BankUnavailableError when the bank cannot answer (the worker tries again later).
 */
export async function expireDeposit(app: FastifyInstance, code: string): Promise<DepositRow | null> {
  const row = await findDepositByCode(app.db, code);
  if (row?.status !== 'OPEN') return row;
  const payments = await app.paymentGateway.findPaymentsByBill(billOf(row));
  const settled = payments.length > 0 ? (await settlePayments(app, payments)).deposit : row;
  if (settled && settled.status !== 'OPEN') return settled;
  return closeExpiredDeposit(app, code);
}
