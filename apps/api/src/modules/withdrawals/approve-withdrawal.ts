import { formatMinor } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import { type WithdrawalRow, withdrawals } from '../../db/schema/withdrawals';
import { AppError } from '../../lib/app-error';
import { postTransaction } from '../ledger/post-transaction';
import { recordAudit } from '../ops/record-audit';
import { notActionable } from './not-actionable';
import { payoutEntries } from './payout-entries';
import { withdrawalReference } from './withdrawal-code';
import { lockWithdrawal } from './withdrawals-repository';

export type ApproveWithdrawalInput = {
  agency: AgencyRow;
  code: string;
  /** The bank's reference of the payout staff made. */
  bankReference: string;
  actor: string;
  now: Date;
};

/**
 * Staff paid the player's bank account: OPEN → SUCCESS with the bank reference, the payout booked in both
 * currencies (`<code>:payout`: THB payout account to the house, LAK owed to the player out of the bank) and
 * an audit entry, all in one transaction under the order's row lock, so a second approve (or a reject racing
 * it) finds the order no longer OPEN → 409. A BOUNCED one is re-paid the same way (`<code>:payout:<n+1>`
 * after n bounces, domain rule 9).
 */
export async function approveWithdrawal(db: Db, input: ApproveWithdrawalInput): Promise<WithdrawalRow> {
  const { agency, code, now } = input;
  return db.transaction(async (tx) => {
    const order = await lockWithdrawal(tx, agency.id, code);
    if (!order) throw new AppError(404, 'NOT_FOUND', `No withdrawal ${code.slice(0, 40)}`);
    if (order.status !== 'OPEN' && order.status !== 'BOUNCED') throw notActionable(order);
    const isRepaid = order.status === 'BOUNCED';
    const entries = payoutEntries(order, 1n);
    if (entries.length > 0) {
      await postTransaction(tx, {
        agencyId: order.agencyId,
        kind: 'WITHDRAW',
        reference: withdrawalReference.payoutAfter(code, order.bounces),
        playerId: order.playerId,
        provider: order.provider,
        memo: `withdrawal ${code} ${isRepaid ? 're-paid' : 'paid out'} (${formatMinor(order.payoutAmount, 'LAK')} LAK, bank ${input.bankReference})`,
        at: now,
        entries,
      });
    }
    const [approved] = await tx
      .update(withdrawals)
      .set({
        status: 'SUCCESS',
        bankReference: input.bankReference,
        decidedBy: input.actor,
        decidedAt: now,
        updatedAt: now,
      })
      .where(eq(withdrawals.id, order.id))
      .returning();
    await recordAudit(tx, {
      actor: input.actor,
      action: isRepaid ? 'withdrawal.repay' : 'withdrawal.approve',
      target: `withdrawal:${code}`,
      details: {
        playerId: order.playerId,
        payoutAmount: formatMinor(order.payoutAmount, 'LAK'),
        credit: formatMinor(order.creditReceived, 'THB'),
        bankReference: input.bankReference,
        ...(isRepaid ? { bounces: order.bounces, bounceReference: order.bounceReference } : {}),
      },
      at: now,
    });
    return approved as WithdrawalRow;
  });
}
