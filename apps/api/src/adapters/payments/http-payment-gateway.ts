import { formatMinor, parseMoney } from '@lc/shared/money';
import { z } from 'zod';
import { BankUnavailableError } from './bank-directory';
import type { HttpBankClient } from './http-bank-client';
import {
  type BankPayment,
  type DynamicQr,
  type DynamicQrRequest,
  isValidWebhookSignature,
  type PaymentGateway,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from './payment-gateway';

/** A payment as the bank gateway writes it (also the webhook's body): amounts as whole-kip strings. */
export const ZBankPayment = z.object({
  billNumber: z.string().min(1).max(25),
  reference: z.string().min(1).max(25).nullable().optional(),
  amount: z.string().regex(/^\d{1,13}$/),
  paidAt: z.iso.datetime(),
  bankReference: z.string().min(1).max(64),
});
export type TBankPayment = z.infer<typeof ZBankPayment>;

/** The look-up's answer: always 200 with the bill's payments, so a 404 can only mean a wrong URL. */
export const ZPaymentLookupResponse = z.object({ payments: z.array(ZBankPayment) });

/** `POST /qr/dynamic`: the order the QR is for (amount in whole kip). */
export const ZDynamicQrRequest = z.object({
  iin: z.string().regex(/^\d{8}$/),
  receiverId: z.string().min(1).max(56),
  mcc: z.string().regex(/^\d{4}$/),
  merchantName: z.string().min(1).max(25),
  merchantCity: z.string().min(1).max(15),
  amount: z.string().regex(/^\d{1,13}$/),
  reference: z.string().min(1).max(25),
  expiresAt: z.iso.datetime(),
});
export type TDynamicQrRequest = z.infer<typeof ZDynamicQrRequest>;

export const ZDynamicQrResponse = z.object({
  qr: z.object({
    payload: z.string().min(1).max(512),
    billId: z.string().min(1).max(25),
    expiresAt: z.iso.datetime().nullable(),
  }),
});
export type TDynamicQrResponse = z.infer<typeof ZDynamicQrResponse>;

/** Reads the gateway's JSON shape into a {@link BankPayment}. */
export function toBankPayment(payment: TBankPayment): BankPayment {
  return {
    billNumber: payment.billNumber,
    reference: payment.reference ?? null,
    amount: parseMoney(payment.amount, 'LAK'),
    paidAt: new Date(payment.paidAt),
    bankReference: payment.bankReference,
  };
}

/** The bank gateway over signed HTTP (BANK_URL, or the sandbox bank): look-ups, dynamic QRs, webhooks. */
export class HttpPaymentGateway implements PaymentGateway {
  constructor(
    private readonly client: HttpBankClient,
    /** The webhook secret, read per call (null: not configured → every webhook is refused). */
    private readonly webhookSecret: () => string | null,
  ) {}

  async findPaymentsByBill(billNumber: string): Promise<BankPayment[]> {
    const body = await this.client.getIdempotent(`/payments/${encodeURIComponent(billNumber)}`);
    const parsed = ZPaymentLookupResponse.safeParse(body);
    if (!parsed.success) throw new BankUnavailableError('bank payment look-up answered in an unknown shape');
    const { payments } = parsed.data;
    if (payments.some((payment) => payment.billNumber !== billNumber)) {
      throw new BankUnavailableError('bank payment look-up answered for another bill number');
    }
    return payments.map(toBankPayment);
  }

  async createDynamicQr(request: DynamicQrRequest): Promise<DynamicQr> {
    const body: TDynamicQrRequest = {
      iin: request.iin,
      receiverId: request.receiverId,
      mcc: request.mcc,
      merchantName: request.merchantName,
      merchantCity: request.merchantCity,
      amount: formatMinor(request.amountLak, 'LAK'),
      reference: request.reference,
      expiresAt: request.expiresAt.toISOString(),
    };
    // The bank issues one bill per reference, so repeating the request after a lost answer is safe.
    const answer = ZDynamicQrResponse.safeParse(await this.client.postIdempotent('/qr/dynamic', body));
    if (!answer.success) throw new BankUnavailableError('bank dynamic QR answered in an unknown shape');
    const { qr } = answer.data;
    return {
      payload: qr.payload,
      billId: qr.billId,
      expiresAt: qr.expiresAt ? new Date(qr.expiresAt) : null,
    };
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): boolean {
    const secret = this.webhookSecret();
    const signed = {
      timestamp: headers[WEBHOOK_TIMESTAMP_HEADER],
      signature: headers[WEBHOOK_SIGNATURE_HEADER],
    };
    return secret !== null && isValidWebhookSignature(secret, rawBody, signed, now);
  }
}
