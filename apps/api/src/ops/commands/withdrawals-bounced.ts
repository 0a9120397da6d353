import { ZOpsWithdrawalResponse } from '@lc/shared/contracts/ops-withdrawals';
import { EXIT, type OpsCommand } from '../command';
import { UsageError } from '../parse-args';

export const withdrawalsBouncedCommand: OpsCommand = {
  name: 'withdrawals bounced',
  summary:
    'Mark a paid-out (SUCCESS) withdrawal BOUNCED: the bank sent the payout back and it is owed again; then re-pay it (withdrawals approve) or credit it back (withdrawals reject)',
  usage: 'CODE --ref BANKREF',
  positionals: ['CODE'],
  options: {
    ref: { type: 'string', description: "the bank's reference of the returned transfer", isRequired: true },
  },
  async run({ client, out }, { positionals, options }) {
    const [code, ...extra] = positionals;
    if (!code || extra.length > 0) throw new UsageError('give exactly one withdrawal CODE');
    const { body } = await client.request(
      'POST',
      `/api/ops/v1/withdrawals/${encodeURIComponent(code)}/bounced`,
      ZOpsWithdrawalResponse,
      { body: { bankReference: options.ref } },
    );
    const w = body.withdrawal;
    out(
      `${w.code} ${w.status}: ${w.payoutAmount} LAK owed to ${w.username} again (bank reference ${w.bounceReference})`,
    );
    out(`re-pay: withdrawals approve ${w.code} --ref NEWREF · credit back: withdrawals reject ${w.code}`);
    return EXIT.OK;
  },
};
