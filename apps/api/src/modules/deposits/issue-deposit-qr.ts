import type { TPaymentChannelSettings } from '@lc/shared/contracts/payment-channels';
import { buildDepositLaoQr } from '@lc/shared/laoqr';
import { BANK_IIN } from '@lc/shared/providers';
import type { FastifyInstance } from 'fastify';

/** A deposit's QR: the payload shown to the player and the bill id payments of it will name. */
export type DepositQr = { payload: string; bankBillId: string; expiresAt: Date };

/**
 * Issues the dynamic LaoQR of one order the way its channel's bank issues them (domain.md, Deposit step 1):
 * a `gateway` channel asks the bank's dynamic-QR API, which answers the payload and its own bill id; a
 * `local` channel composes it here with the order code as the bill. Either way 62/05 carries the order code.
 * Throws BankUnavailableError when a gateway bank does not answer (nothing has been stored yet).
 */
export async function issueDepositQr(
  app: FastifyInstance,
  channel: TPaymentChannelSettings,
  order: { code: string; amountLak: bigint; expiresAt: Date },
): Promise<DepositQr> {
  const receiver = {
    iin: BANK_IIN[channel.receivingBank],
    receiverId: channel.receiverId,
    mcc: channel.mcc,
    merchantName: channel.merchantName,
    merchantCity: channel.merchantCity,
  };
  if (channel.mode === 'local') {
    const payload = buildDepositLaoQr({
      ...receiver,
      amountLak: order.amountLak,
      billId: order.code,
      reference: order.code,
    });
    return { payload, bankBillId: order.code, expiresAt: order.expiresAt };
  }
  const qr = await app.paymentGateway.createDynamicQr({
    ...receiver,
    amountLak: order.amountLak,
    reference: order.code,
    expiresAt: order.expiresAt,
  });
  // The QR cannot outlive the bank's bill: the order expires with whichever ends first.
  const expiresAt = qr.expiresAt && qr.expiresAt < order.expiresAt ? qr.expiresAt : order.expiresAt;
  return { payload: qr.payload, bankBillId: qr.billId, expiresAt };
}
