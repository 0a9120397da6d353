import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type WithdrawalRow, withdrawals } from '../../db/schema/withdrawals';
import { houseAccount, payoutAccount, playerProviderAccount } from '../ledger/account-key';
import { type PostingEntry, postTransaction } from '../ledger/post-transaction';
import { settleUsageByWithdrawal } from '../promotions/promotion-withdrawal-rules';
import { payoutOwedEntries } from './payout-entries';
import { withdrawalReference } from './withdrawal-code';

/**
 * The provider has applied the transfer out: books it (WITHDRAW, reference `<code>:out`: the player's
 * provider credit → the player's payout account, the returned part → the house) and opens the order for
 * payout, in one database transaction. Idempotent: an order already past PENDING is returned as it is.
 */
export async function bookWithdrawalOut(db: Db, code: string, now: Date): Promise<WithdrawalRow> {
  return db.transaction(async (tx) => {
    // Opening it first takes the row lock and answers the row: a second booking waits here, then finds the
    // order no longer PENDING and changes nothing. The posting below commits with it or not at all.
    const [order] = await tx
      .update(withdrawals)
      .set({ status: 'OPEN', failure: null, updatedAt: now })
      .where(and(eq(withdrawals.code, code), eq(withdrawals.status, 'PENDING')))
      .returning();
    if (!order) {
      const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.code, code));
      if (!current) throw new Error(`withdrawal ${code} vanished`);
      return current;
    }
    const entries: PostingEntry[] = [
      { account: playerProviderAccount(order.playerId, order.provider), amount: -order.amount },
    ];
    if (order.creditReceived > 0n)
      entries.push({ account: payoutAccount(order.playerId), amount: order.creditReceived });
    if (order.creditReturned > 0n)
      entries.push({ account: houseAccount('THB'), amount: order.creditReturned });
    entries.push(...payoutOwedEntries(order, 1n));
    await postTransaction(tx, {
      agencyId: order.agencyId,
      kind: 'WITHDRAW',
      reference: withdrawalReference.out(code),
      playerId: order.playerId,
      provider: order.provider,
      memo: `withdrawal ${code}`,
      at: now,
      entries,
    });
    // The promotion whose rules this withdrawal met ends SUCCESS with the credit out, not before.
    await settleUsageByWithdrawal(tx, order, now);
    return order;
  });
}

/** The provider refused the transfer out: nothing moved, the order ends FAILED (only from PENDING). */
export async function failWithdrawal(
  db: Db,
  code: string,
  failure: string,
  now: Date,
): Promise<WithdrawalRow> {
  const [failed] = await db
    .update(withdrawals)
    .set({ status: 'FAILED', failure, updatedAt: now })
    .where(and(eq(withdrawals.code, code), eq(withdrawals.status, 'PENDING')))
    .returning();
  if (failed) return failed;
  const [current] = await db.select().from(withdrawals).where(eq(withdrawals.code, code));
  if (!current) throw new Error(`withdrawal ${code} vanished`);
  return current;
}
