import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { AppError } from '../../lib/app-error';
import { askingBank, orderNotOpen, requireOwnDeposit } from './check-deposit';
import { findDepositByCode } from './deposits-repository';
import { billOf, settlePayments } from './settle-deposit';

const alreadyPaid = () =>
  new AppError(409, 'DEPOSIT_ALREADY_PAID', 'This order is already paid, please contact staff');

/**
 * The player's cancel (domain.md, Deposit step 4): only while the bank has no payment, so the bank is asked
 * first; a paid deposit is settled instead and answers 409 DEPOSIT_ALREADY_PAID. A payment reported after
 * the cancel is kept as late (bank-payments) for staff to credit or refund. The change is a guarded
 * OPEN → CANCELED, so a payment reported meanwhile wins. Cancelling a cancelled deposit answers it again.
 */
export async function cancelDeposit(
  app: FastifyInstance,
  playerId: string,
  code: string,
): Promise<DepositRow> {
  const own = await requireOwnDeposit(app, playerId, code);
  if (own.status === 'CANCELED') return own;
  if (own.status === 'REJECTED') throw orderNotOpen();
  if (own.status !== 'OPEN') throw alreadyPaid();
  const payments = await askingBank(app, () => app.paymentGateway.findPaymentsByBill(billOf(own)));
  if (payments.length > 0) {
    const { deposit } = await settlePayments(app, payments);
    // Only a payment outside the order's life leaves it open (kept for staff): the cancel goes on.
    if (deposit?.status !== 'OPEN') throw alreadyPaid();
  }
  const now = app.now();
  const [canceled] = await app.db
    .update(deposits)
    .set({ status: 'CANCELED', closedAt: now, nextAttemptAt: null, updatedAt: now })
    .where(and(eq(deposits.code, code), eq(deposits.status, 'OPEN')))
    .returning();
  if (canceled) return canceled;
  const row = await findDepositByCode(app.db, code);
  if (row?.status === 'CANCELED') return row;
  if (row?.status === 'REJECTED') throw orderNotOpen();
  throw alreadyPaid();
}
