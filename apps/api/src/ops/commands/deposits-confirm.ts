import { ZOpsDepositResponse } from '@lc/shared/contracts/ops-deposits';
import { EXIT, type OpsCommand } from '../command';
import { UsageError } from '../parse-args';

export const depositsConfirmCommand: OpsCommand = {
  name: 'deposits confirm',
  summary: 'Confirm a deposit whose bank payment you matched by hand; it is credited to the player',
  usage: 'CODE [--ref BANKREF]',
  positionals: ['CODE'],
  options: { ref: { type: 'string', description: "the bank's reference of the payment, if you have it" } },
  async run({ client, out }, { positionals, options }) {
    const [code, ...extra] = positionals;
    if (!code || extra.length > 0) throw new UsageError('give exactly one deposit CODE');
    const { status, body } = await client.request(
      'POST',
      `/api/ops/v1/deposits/${encodeURIComponent(code)}/confirm`,
      ZOpsDepositResponse,
      { body: typeof options.ref === 'string' ? { bankReference: options.ref } : {} },
    );
    const d = body.deposit;
    if (status === 202) {
      out(
        `${d.code} ${d.status}: confirmed, but the provider has not applied the credit yet (${d.lastError ?? '-'})`,
      );
      out('it is retried automatically; run the same command again to retry now');
      return EXIT.INCOMPLETE;
    }
    out(`${d.code} ${d.status}: ${d.credit} THB credited to ${d.username} at ${d.provider}`);
    return EXIT.OK;
  },
};
