import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { approvals } from '../../db/schema/approvals';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { findPendingApproval, withdrawalSubject } from './find-pending-approval';

export type CloseWithdrawalApprovalInput = {
  agencyId: string;
  code: string;
  actor: string;
  scope: AuditScope;
  /** The staff member rejecting the withdrawal (null for `automation`). */
  staffId: string | null;
  reason: string | null;
  now: Date;
};

/**
 * A withdrawal rejected while its payout waits for a second pair of eyes: nothing is left to approve, so the
 * request ends REJECTED with the reject (same transaction, under the order's row lock). Refusing money out
 * needs no four eyes; paying it does, and that can no longer happen. No-op without a PENDING request.
 */
export async function closeWithdrawalApproval(
  tx: DbOrTx,
  input: CloseWithdrawalApprovalInput,
): Promise<void> {
  const pending = await findPendingApproval(tx, input.agencyId, withdrawalSubject(input.code));
  if (!pending) return;
  const decisionReason = `withdrawal rejected${input.reason ? `: ${input.reason}` : ''}`.slice(0, 200);
  await tx
    .update(approvals)
    .set({
      status: 'REJECTED',
      decidedByStaffId: input.staffId,
      decidedBy: input.actor,
      decisionReason,
      decidedAt: input.now,
      result: { withdrawal: 'REJECTED' },
    })
    .where(eq(approvals.id, pending.id));
  await recordAudit(tx, {
    actor: input.actor,
    scope: input.scope,
    action: 'approval.close',
    target: `approval:${pending.id}`,
    before: { status: pending.status },
    after: { status: 'REJECTED', reason: decisionReason },
    at: input.now,
  });
}
