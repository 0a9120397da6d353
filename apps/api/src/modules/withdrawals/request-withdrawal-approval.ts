import { formatMinor } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type AgencyRow, agencies } from '../../db/schema/agency';
import type { ApprovalRow } from '../../db/schema/approvals';
import type { WithdrawalRow } from '../../db/schema/withdrawals';
import type { OpsActor } from '../../plugins/ops-auth';
import { withdrawalSubject } from '../approvals/find-pending-approval';
import { requestApproval } from '../approvals/request-approval';
import type { AuditScope } from '../ops/record-audit';
import { usernameOf } from './withdrawals-repository';

export type WithdrawalApprovalInput = {
  agency: AgencyRow;
  order: WithdrawalRow;
  bankReference: string;
  caller: OpsActor;
  scope: AuditScope;
  now: Date;
};

/**
 * Files a WITHDRAWAL_APPROVAL request when the credit paid out (`creditReceived`, the THB the payout is
 * computed from) is over the agency's approval threshold; null when it is not (pay it at once). The
 * threshold is read in the caller's transaction, not from the per-process agency cache, so a change made
 * through PUT agency applies at once.
 */
export async function requestWithdrawalApproval(
  tx: DbOrTx,
  input: WithdrawalApprovalInput,
): Promise<ApprovalRow | null> {
  const { order } = input;
  const [settings] = await tx
    .select({ threshold: agencies.approvalThresholdSatang })
    .from(agencies)
    .where(eq(agencies.id, input.agency.id));
  const threshold = settings?.threshold ?? input.agency.approvalThresholdSatang;
  if (order.creditReceived <= threshold) return null;
  return requestApproval(tx, {
    agencyId: input.agency.id,
    kind: 'WITHDRAWAL_APPROVAL',
    subject: withdrawalSubject(order.code),
    payload: {
      code: order.code,
      playerId: order.playerId,
      username: await usernameOf(tx, order.playerId),
      credit: formatMinor(order.creditReceived, 'THB'),
      payoutAmount: formatMinor(order.payoutAmount, 'LAK'),
      bankReference: input.bankReference,
    },
    reason: `payout over the approval threshold of ${formatMinor(threshold, 'THB')} THB`,
    caller: input.caller,
    scope: input.scope,
    now: input.now,
  });
}
