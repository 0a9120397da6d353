import { and, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bankPayments } from '../../db/schema/bank-payments';
import { deposits } from '../../db/schema/deposits';

/**
 * An order staff reject is credited nothing: the payments that settled it (MATCHED or CREDITED to it, its
 * credit never landed — the reject looked first) go back to waiting for staff, UNMATCHED, to be refunded or
 * credited elsewhere; a payment that came without a reason counts as paid after the order ended (LATE), and
 * the order of its bill, if closed, says "paid after cancellation". Otherwise the kip would stay received,
 * credited to nobody and refundable by no one (docs/decisions/0062). Inside the reject's transaction, with
 * the order locked first. Answers whether a payment of the order's own bill waits again (the caller marks
 * the order it closes).
 */
export async function releaseSettledPayments(tx: DbOrTx, depositId: string): Promise<boolean> {
  const released = await tx
    .update(bankPayments)
    .set({
      status: 'UNMATCHED',
      reason: sql`coalesce(${bankPayments.reason}, 'LATE')`,
      creditedDepositId: null,
      resolvedBy: null,
      resolvedAt: null,
    })
    .where(
      and(
        inArray(bankPayments.status, ['MATCHED', 'CREDITED']),
        sql`coalesce(${bankPayments.creditedDepositId}, ${bankPayments.depositId}) = ${depositId}`,
      ),
    )
    .returning({ depositId: bankPayments.depositId });
  const others = [
    ...new Set(
      released.flatMap((payment) =>
        payment.depositId && payment.depositId !== depositId ? [payment.depositId] : [],
      ),
    ),
  ];
  if (others.length > 0) {
    await tx
      .update(deposits)
      .set({ isLatePaid: true })
      .where(and(inArray(deposits.id, others), inArray(deposits.status, ['CANCELED', 'REJECTED'])));
  }
  return released.some((payment) => payment.depositId === depositId);
}
