import { formatMinor } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import type { ApprovalRow } from '../../db/schema/approvals';
import { type WithdrawalRow, withdrawals } from '../../db/schema/withdrawals';
import { AppError } from '../../lib/app-error';
import type { OpsActor } from '../../plugins/ops-auth';
import { findPendingApproval, withdrawalSubject } from '../approvals/find-pending-approval';
import { postTransaction } from '../ledger/post-transaction';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { notActionable } from './not-actionable';
import { payoutEntries } from './payout-entries';
import { requestWithdrawalApproval } from './request-withdrawal-approval';
import { withdrawalReference } from './withdrawal-code';
import { lockWithdrawal } from './withdrawals-repository';

export type ApproveWithdrawalInput = {
  agency: AgencyRow;
  code: string;
  /** The bank's reference of the payout staff made. */
  bankReference: string;
  caller: OpsActor;
  scope: AuditScope;
  now: Date;
  /** The approved four-eyes request this payout carries out (decide-approval.ts); absent for a direct call. */
  approval?: ApprovalRow;
};

export type ApproveWithdrawalResult = { withdrawal: WithdrawalRow } | { approval: ApprovalRow };

/**
 * Staff paid the player's bank account: OPEN → SUCCESS with the bank reference, the payout booked in both
 * currencies (`<code>:payout`: THB payout account to the house, LAK owed to the player out of the bank) and
 * an audit entry, all in one transaction under the order's row lock, so a second approve (or a reject racing
 * it) finds the order no longer OPEN → 409. A BOUNCED one is re-paid the same way (`<code>:payout:<n+1>`
 * after n bounces, domain rule 9).
 * Four eyes (decision 0046): a direct call for a credit over the agency's approval threshold files a
 * WITHDRAWAL_APPROVAL request instead (the order stays as it is); while one is PENDING a direct call → 409
 * APPROVAL_PENDING. The request's approval calls this again with `approval`, under the same row lock.
 */
export async function approveWithdrawal(
  db: DbOrTx,
  input: ApproveWithdrawalInput,
): Promise<ApproveWithdrawalResult> {
  const { agency, code, now } = input;
  return db.transaction(async (tx) => {
    const order = await lockWithdrawal(tx, agency.id, code);
    if (!order) throw new AppError(404, 'NOT_FOUND', `No withdrawal ${code.slice(0, 40)}`);
    if (order.status !== 'OPEN' && order.status !== 'BOUNCED') throw notActionable(order);
    if (!input.approval) {
      const pending = await findPendingApproval(tx, agency.id, withdrawalSubject(code));
      if (pending) {
        throw new AppError(409, 'APPROVAL_PENDING', `Withdrawal ${code} waits for approval ${pending.id}`);
      }
      const approval = await requestWithdrawalApproval(tx, { ...input, order });
      if (approval) return { approval };
    }
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
        decidedBy: input.caller.name,
        decidedAt: now,
        updatedAt: now,
      })
      .where(eq(withdrawals.id, order.id))
      .returning();
    await recordAudit(tx, {
      actor: input.caller.name,
      scope: input.scope,
      action: isRepaid ? 'withdrawal.repay' : 'withdrawal.approve',
      target: `withdrawal:${code}`,
      details: {
        playerId: order.playerId,
        payoutAmount: formatMinor(order.payoutAmount, 'LAK'),
        credit: formatMinor(order.creditReceived, 'THB'),
        bankReference: input.bankReference,
        ...(isRepaid ? { bounces: order.bounces, bounceReference: order.bounceReference } : {}),
        ...(input.approval ? { approval: input.approval.id, requestedBy: input.approval.requestedBy } : {}),
      },
      at: now,
    });
    return { withdrawal: approved as WithdrawalRow };
  });
}
