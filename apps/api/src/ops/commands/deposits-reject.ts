import { ZOpsDepositResponse } from '@lc/shared/contracts/ops-deposits';
import { EXIT, type OpsCommand } from '../command';
import { UsageError } from '../parse-args';

export const depositsRejectCommand: OpsCommand = {
  name: 'deposits reject',
  summary: 'Reject an OPEN or PAID deposit; nothing is credited',
  usage: 'CODE [--reason TEXT]',
  positionals: ['CODE'],
  options: { reason: { type: 'string', description: 'why (kept in the audit log)' } },
  async run({ client, out }, { positionals, options }) {
    const [code, ...extra] = positionals;
    if (!code || extra.length > 0) throw new UsageError('give exactly one deposit CODE');
    const { body } = await client.request(
      'POST',
      `/api/ops/v1/deposits/${encodeURIComponent(code)}/reject`,
      ZOpsDepositResponse,
      { body: { reason: options.reason } },
    );
    out(`${body.deposit.code} ${body.deposit.status}`);
    return EXIT.OK;
  },
};
