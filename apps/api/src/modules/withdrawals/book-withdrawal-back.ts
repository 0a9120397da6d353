import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type WithdrawalRow, withdrawals } from '../../db/schema/withdrawals';
import { houseAccount, payoutAccount, playerProviderAccount } from '../ledger/account-key';
import { type PostingEntry, postTransaction } from '../ledger/post-transaction';
import { reopenUsageByRejection } from '../promotions/promotion-withdrawal-rules';
import { payoutOwedEntries } from './payout-entries';
import { withdrawalReference } from './withdrawal-code';

/**
 * The provider has applied the transfer back in of a rejected withdrawal: books the mirror image of the
 * `<code>:out` posting (WITHDRAW_RETURN, reference `<code>:back`: the house gives back what it kept), puts a
 * promotion usage the withdrawal ended back in use and ends the order REJECTED, in one database transaction.
 * Idempotent: only a RETURNING order (or BOUNCE_RETURNING: a bounced payout credited back, whose ledger then
 * stands as an OPEN one's) is booked.
 */
export async function bookWithdrawalBack(db: Db, code: string, now: Date): Promise<WithdrawalRow> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(withdrawals).where(eq(withdrawals.code, code)).for('update');
    if (!order) throw new Error(`withdrawal ${code} vanished`);
    if (order.status !== 'RETURNING' && order.status !== 'BOUNCE_RETURNING') return order;
    const entries: PostingEntry[] = [
      { account: playerProviderAccount(order.playerId, order.provider), amount: order.amount },
    ];
    if (order.creditReceived > 0n)
      entries.push({ account: payoutAccount(order.playerId), amount: -order.creditReceived });
    if (order.creditReturned > 0n)
      entries.push({ account: houseAccount('THB'), amount: -order.creditReturned });
    entries.push(...payoutOwedEntries(order, -1n));
    await postTransaction(tx, {
      agencyId: order.agencyId,
      kind: 'WITHDRAW_RETURN',
      reference: withdrawalReference.back(code),
      playerId: order.playerId,
      provider: order.provider,
      memo: `withdrawal ${code} rejected: credit returned`,
      at: now,
      entries,
    });
    // Undone as if it never happened (domain.md Withdraw step 2): the next withdrawal meets the same rules.
    await reopenUsageByRejection(tx, order, now);
    const [rejected] = await tx
      .update(withdrawals)
      .set({ status: 'REJECTED', failure: null, updatedAt: now })
      .where(and(eq(withdrawals.code, code), eq(withdrawals.status, order.status)))
      .returning();
    return rejected as WithdrawalRow;
  });
}
