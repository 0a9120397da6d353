import { ZOpsDepositResponse } from '@lc/shared/contracts/ops-deposits';
import { EXIT, type OpsCommand } from '../command';
import { UsageError } from '../parse-args';

export const depositsConfirmCommand: OpsCommand = {
  name: 'deposits confirm',
  summary: 'Confirm a deposit against a bank payment (see bank-payments list); credited from the amount paid',
  usage: 'CODE --payment PAYMENT_ID [--note TEXT]',
  positionals: ['CODE'],
  options: {
    payment: { type: 'string', description: 'the id of the stored bank payment that paid this order' },
    note: { type: 'string', description: 'why, for the audit log' },
  },
  async run({ client, out }, { positionals, options }) {
    const [code, ...extra] = positionals;
    if (!code || extra.length > 0) throw new UsageError('give exactly one deposit CODE');
    if (typeof options.payment !== 'string') throw new UsageError('give the bank payment: --payment ID');
    const { status, body } = await client.request(
      'POST',
      `/api/ops/v1/deposits/${encodeURIComponent(code)}/confirm`,
      ZOpsDepositResponse,
      {
        body: {
          paymentId: options.payment,
          ...(typeof options.note === 'string' ? { note: options.note } : {}),
        },
      },
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
