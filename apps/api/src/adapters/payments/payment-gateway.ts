import { createHmac, timingSafeEqual } from 'node:crypto';

/** A payment the bank received for a LaoQR bill number. `amount` in whole kip. */
export interface BankPayment {
  billNumber: string;
  amount: bigint;
  paidAt: Date;
  bankReference: string;
}

/** The header of the bank's webhook that carries the HMAC-SHA256 (hex) of the raw body. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-signature';

/** How the platform learns about LaoQR payments: by looking a bill number up, or by the bank's webhook. */
export interface PaymentGateway {
  /**
   * The bank's payment for `billNumber` (a deposit code), or null when it has none.
   * Throws {@link BankUnavailableError} when the bank cannot answer (never null for "don't know").
   */
  findPaymentByBill(billNumber: string): Promise<BankPayment | null>;
  /** True when `headers` carry a valid signature of `rawBody` (the exact bytes received). */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): boolean;
}

/** HMAC-SHA256 of a webhook body, hex: what the bank sends as `X-Signature`. */
export function signWebhook(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Constant-time check of a webhook signature. */
export function isValidWebhookSignature(secret: string, rawBody: string, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signWebhook(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
