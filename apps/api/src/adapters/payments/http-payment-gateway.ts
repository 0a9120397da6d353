import { parseMoney } from '@lc/shared/money';
import { z } from 'zod';
import { BankUnavailableError } from './bank-directory';
import type { HttpBankClient } from './http-bank-client';
import {
  type BankPayment,
  isValidWebhookSignature,
  type PaymentGateway,
  WEBHOOK_SIGNATURE_HEADER,
} from './payment-gateway';

/** A payment as the bank gateway writes it (also the webhook's body): amounts as whole-kip strings. */
export const ZBankPayment = z.object({
  billNumber: z.string().min(1).max(25),
  amount: z.string().regex(/^\d{1,13}$/),
  paidAt: z.iso.datetime(),
  bankReference: z.string().min(1).max(64),
});
export type TBankPayment = z.infer<typeof ZBankPayment>;

/** The look-up's answer: always 200, so a 404 can only mean a wrong URL, never "not paid". */
export const ZPaymentLookupResponse = z.object({ payment: ZBankPayment.nullable() });

/** Reads the gateway's JSON shape into a {@link BankPayment}. */
export function toBankPayment(payment: TBankPayment): BankPayment {
  return {
    billNumber: payment.billNumber,
    amount: parseMoney(payment.amount, 'LAK'),
    paidAt: new Date(payment.paidAt),
    bankReference: payment.bankReference,
  };
}

/** `GET {BANK_URL}/payments/{billNumber}` on the bank gateway (or the sandbox bank), signed by the client. */
export class HttpPaymentGateway implements PaymentGateway {
  constructor(
    private readonly client: HttpBankClient,
    /** The webhook secret, read per call (null: not configured → every webhook is refused). */
    private readonly webhookSecret: () => string | null,
  ) {}

  async findPaymentByBill(billNumber: string): Promise<BankPayment | null> {
    const body = await this.client.getIdempotent(`/payments/${encodeURIComponent(billNumber)}`);
    const parsed = ZPaymentLookupResponse.safeParse(body);
    if (!parsed.success) throw new BankUnavailableError('bank payment look-up answered in an unknown shape');
    const { payment } = parsed.data;
    if (payment && payment.billNumber !== billNumber) {
      throw new BankUnavailableError('bank payment look-up answered for another bill number');
    }
    return payment ? toBankPayment(payment) : null;
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): boolean {
    const secret = this.webhookSecret();
    return secret !== null && isValidWebhookSignature(secret, rawBody, headers[WEBHOOK_SIGNATURE_HEADER]);
  }
}
