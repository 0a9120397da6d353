import {
  ZCreditBankPaymentResponse,
  ZRefundBankPaymentResponse,
} from '@lc/shared/contracts/ops-bank-payments';
import { EXIT, type OpsCommand } from '../command';
import { UsageError } from '../parse-args';

function onePaymentId(positionals: string[]): string {
  const [id, ...extra] = positionals;
  if (!id || extra.length > 0) throw new UsageError('give exactly one bank payment ID');
  return id;
}

export const bankPaymentsCreditCommand: OpsCommand = {
  name: 'bank-payments credit',
  summary: 'Credit an unmatched bank payment to a provider (from the amount paid); once',
  usage: 'ID --provider PROVIDER [--player PLAYER_ID]',
  positionals: ['ID'],
  options: {
    provider: { type: 'string', description: 'alphabet, askmebet, betflix, gclub or gclub_live' },
    player: { type: 'string', description: 'the player, when the payment names no order' },
  },
  async run({ client, out }, { positionals, options }) {
    const id = onePaymentId(positionals);
    if (typeof options.provider !== 'string') throw new UsageError('give the provider: --provider NAME');
    const { body } = await client.request(
      'POST',
      `/api/ops/v1/bank-payments/${encodeURIComponent(id)}/credit`,
      ZCreditBankPaymentResponse,
      {
        body: {
          provider: options.provider,
          ...(typeof options.player === 'string' ? { playerId: options.player } : {}),
        },
      },
    );
    const d = body.deposit;
    out(
      `${body.payment.bankReference} ${body.payment.status}: deposit ${d.code} ${d.status}, ${d.credit} THB`,
    );
    return d.status === 'SUCCESS' ? EXIT.OK : EXIT.INCOMPLETE;
  },
};

export const bankPaymentsRefundCommand: OpsCommand = {
  name: 'bank-payments refund',
  summary: 'Record that you refunded an unmatched bank payment (with the refund bank reference); once',
  usage: 'ID --ref REFUND_BANKREF',
  positionals: ['ID'],
  options: { ref: { type: 'string', description: "the bank's reference of the refund you sent" } },
  async run({ client, out }, { positionals, options }) {
    const id = onePaymentId(positionals);
    if (typeof options.ref !== 'string') throw new UsageError('give the refund reference: --ref BANKREF');
    const { body } = await client.request(
      'POST',
      `/api/ops/v1/bank-payments/${encodeURIComponent(id)}/refund`,
      ZRefundBankPaymentResponse,
      { body: { bankReference: options.ref } },
    );
    out(`${body.payment.bankReference} ${body.payment.status} (refund ${body.payment.refundReference})`);
    return EXIT.OK;
  },
};
