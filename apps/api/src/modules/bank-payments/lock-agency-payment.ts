import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type BankPaymentRow, bankPayments } from '../../db/schema/bank-payments';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/is-uuid';

const agencyPayment = (tx: DbOrTx, agencyId: string, id: string) =>
  tx
    .select()
    .from(bankPayments)
    .where(and(eq(bankPayments.id, id), sql`coalesce(${bankPayments.agencyId} = ${agencyId}, true)`));

/** The payment, not locked, if the agency may see it (its own, or one no agency's bill names); else 404. */
export async function findAgencyPayment(db: DbOrTx, agencyId: string, id: string): Promise<BankPaymentRow> {
  const [payment] = isUuid(id) ? await agencyPayment(db, agencyId, id) : [];
  if (!payment) throw new AppError(404, 'NOT_FOUND', 'No such bank payment');
  return payment;
}

/** The payment, locked, if the agency may see it (its own, or one no agency's bill names); else 404. */
export async function lockAgencyPayment(tx: DbOrTx, agencyId: string, id: string): Promise<BankPaymentRow> {
  const [payment] = isUuid(id) ? await agencyPayment(tx, agencyId, id).for('update') : [];
  if (!payment) throw new AppError(404, 'NOT_FOUND', 'No such bank payment');
  return payment;
}

/**
 * The payment and the order whose bill it paid (none for an unknown bill), both locked in the one order every
 * path that takes both keeps (docs/decisions/0062): the deposit, then the payment. The order is read from the
 * payment unlocked first; it is set when the payment is recorded, so it is the same once the payment is
 * locked, unless staff settled an unknown bill's payment to an order meanwhile: 409, look again.
 */
export async function lockPaymentWithOrder(
  tx: DbOrTx,
  agencyId: string,
  id: string,
): Promise<{ payment: BankPaymentRow; order: DepositRow | undefined }> {
  const [seen] = isUuid(id) ? await agencyPayment(tx, agencyId, id) : [];
  if (!seen) throw new AppError(404, 'NOT_FOUND', 'No such bank payment');
  const [order] = seen.depositId
    ? await tx.select().from(deposits).where(eq(deposits.id, seen.depositId)).for('update')
    : [];
  const payment = await lockAgencyPayment(tx, agencyId, id);
  if (payment.depositId !== seen.depositId) {
    throw new AppError(409, 'PAYMENT_ALREADY_RESOLVED', `Bank payment ${payment.id} is ${payment.status}`);
  }
  return { payment, order };
}
