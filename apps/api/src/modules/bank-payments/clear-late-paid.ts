import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bankPayments } from '../../db/schema/bank-payments';
import { deposits } from '../../db/schema/deposits';

/**
 * An order stops saying "paid after cancellation" once none of its bill's payments waits for staff any more:
 * after the last one is refunded, or credited (to the order itself, or to a new order when the order could
 * no longer be settled, as a rejected or expired one). Inside the caller's transaction, the order locked.
 */
export async function clearLatePaidOnceResolved(tx: DbOrTx, depositId: string, now: Date): Promise<void> {
  const [waiting] = await tx
    .select({ id: bankPayments.id })
    .from(bankPayments)
    .where(and(eq(bankPayments.depositId, depositId), eq(bankPayments.status, 'UNMATCHED')))
    .limit(1);
  if (waiting) return;
  await tx
    .update(deposits)
    .set({ isLatePaid: false, updatedAt: now })
    .where(and(eq(deposits.id, depositId), eq(deposits.isLatePaid, true)));
}
