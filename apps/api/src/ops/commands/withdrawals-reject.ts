import { ZOpsWithdrawalResponse } from '@lc/shared/contracts/ops-withdrawals';
import { EXIT, type OpsCommand } from '../command';
import { UsageError } from '../parse-args';

export const withdrawalsRejectCommand: OpsCommand = {
  name: 'withdrawals reject',
  summary:
    "Reject an OPEN withdrawal (or credit a BOUNCED one back): the credit goes back to the player's provider wallet",
  usage: 'CODE [--reason TEXT]',
  positionals: ['CODE'],
  options: { reason: { type: 'string', description: 'why (kept in the audit log)' } },
  async run({ client, out }, { positionals, options }) {
    const [code, ...extra] = positionals;
    if (!code || extra.length > 0) throw new UsageError('give exactly one withdrawal CODE');
    const { status, body } = await client.request(
      'POST',
      `/api/ops/v1/withdrawals/${encodeURIComponent(code)}/reject`,
      ZOpsWithdrawalResponse,
      { body: { reason: options.reason } },
    );
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
