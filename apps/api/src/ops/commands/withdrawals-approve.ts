import { ZApprovalResponse } from '@lc/shared/contracts/ops-approvals';
import { ZOpsWithdrawalResponse } from '@lc/shared/contracts/ops-withdrawals';
import { z } from 'zod';
import { EXIT, type OpsCommand } from '../command';
import { UsageError } from '../parse-args';

export const withdrawalsApproveCommand: OpsCommand = {
  name: 'withdrawals approve',
  summary:
    'Mark an OPEN withdrawal paid out (or re-pay a BOUNCED one), with the reference of the bank transfer you made',
  usage: 'CODE --ref BANKREF',
  positionals: ['CODE'],
  options: { ref: { type: 'string', description: "the bank's reference of the payout", isRequired: true } },
  async run({ client, out }, { positionals, options }) {
    const [code, ...extra] = positionals;
    if (!code || extra.length > 0) throw new UsageError('give exactly one withdrawal CODE');
    const { body } = await client.request(
      'POST',
      `/api/ops/v1/withdrawals/${encodeURIComponent(code)}/approve`,
      // Over the agency's approval threshold the server files a four-eyes request (202) instead of paying.
      z.union([ZOpsWithdrawalResponse, ZApprovalResponse]),
      { body: { bankReference: options.ref } },
    );
    if ('approval' in body) {
      const { approval } = body;
      out(
        `${code} waits for approval ${approval.id} (${approval.reason}): a second finance or admin member ` +
          'approves it in the back office, then it is paid',
      );
      return EXIT.OK;
    }
    const w = body.withdrawal;
    out(
      `${w.code} ${w.status}: paid ${w.payoutAmount} LAK to ${w.username} (bank reference ${w.bankReference})`,
    );
    return EXIT.OK;
  },
};
