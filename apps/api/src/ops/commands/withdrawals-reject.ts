import { ZApprovalResponse } from '@lc/shared/contracts/ops-approvals';
import { ZOpsWithdrawalResponse } from '@lc/shared/contracts/ops-withdrawals';
import { z } from 'zod';
import { EXIT, type OpsCommand } from '../command';
import { UsageError } from '../parse-args';

export const withdrawalsRejectCommand: OpsCommand = {
  name: 'withdrawals reject',
  summary:
    "Reject an OPEN withdrawal: the credit goes back to the player's provider wallet; for a BOUNCED one, ask for the credit-back (a second staff member approves it)",
  usage: 'CODE [--reason TEXT]',
  positionals: ['CODE'],
  options: { reason: { type: 'string', description: 'why (kept in the audit log)' } },
  async run({ client, out }, { positionals, options }) {
    const [code, ...extra] = positionals;
    if (!code || extra.length > 0) throw new UsageError('give exactly one withdrawal CODE');
    const { status, body } = await client.request(
      'POST',
      `/api/ops/v1/withdrawals/${encodeURIComponent(code)}/reject`,
      z.union([ZOpsWithdrawalResponse, ZApprovalResponse]),
      { body: { reason: options.reason } },
    );
    if ('approval' in body) {
      out(`${code}: credit-back requested, approval ${body.approval.id} ${body.approval.status}`);
      out('a second staff member (finance or admin) approves it in the back office (Approvals)');
      return EXIT.OK;
    }
    const w = body.withdrawal;
    if (status === 202) {
      out(`${w.code} ${w.status}: the provider's answer was lost; run the same command again to finish it`);
      out('(it never returns the credit twice)');
      return EXIT.INCOMPLETE;
    }
    out(`${w.code} ${w.status}: ${w.amount} THB returned to ${w.username} at ${w.provider}`);
    return EXIT.OK;
  },
};
