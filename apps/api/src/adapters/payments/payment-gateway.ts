import { createHmac, timingSafeEqual } from 'node:crypto';

/** A payment the bank received for a LaoQR bill. `amount` in whole kip. */
export interface BankPayment {
  /** 62/01 of the QR paid: the bank's bill id (gateway channels) or our order code (local channels). */
  billNumber: string;
  /** 62/05 of the QR paid (our order code), when the bank reports it. */
  reference: string | null;
  amount: bigint;
  paidAt: Date;
  bankReference: string;
}

/** What a dynamic QR is issued for: the channel's receiver and one order. */
export interface DynamicQrRequest {
  iin: string;
  receiverId: string;
  mcc: string;
  merchantName: string;
  merchantCity: string;
  amountLak: bigint;
  /** Our order code: 62/05 of the QR, and the bank's key for issuing the same bill again. */
  reference: string;
  expiresAt: Date;
}

/** A QR the bank issued: its EMVCo payload, its own bill id (62/01) and, if it says so, when it expires. */
export interface DynamicQr {
  payload: string;
  billId: string;
  expiresAt: Date | null;
}

/** The header of the bank's webhook that carries the HMAC-SHA256 (hex) of its timestamp and raw body. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-signature';
/** The header with the time the bank sent the webhook (milliseconds since the epoch), covered by the signature. */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-timestamp';
/** How far a webhook's signed time may be from ours: older (or newer) ones are refused as replays. */
export const WEBHOOK_WINDOW_MS = 5 * 60_000;

/**
 * The LaoQR bank gateway: issues dynamic QRs (gateway-mode channels), answers look-ups of a bill's payments,
 * and signs its webhooks.
 */
export interface PaymentGateway {
  /**
   * Every payment the bank has for `billNumber`, oldest first (usually none or one; a bill paid twice has two).
   * Throws {@link BankUnavailableError} when the bank cannot answer (never [] for "don't know").
   */
  findPaymentsByBill(billNumber: string): Promise<BankPayment[]>;
  /**
   * Asks the bank's dynamic-QR API for a QR of one order; asking again with the same reference answers the
   * same bill. Throws {@link BankUnavailableError} when the bank cannot answer.
   */
  createDynamicQr(request: DynamicQrRequest): Promise<DynamicQr>;
  /**
   * True when `headers` carry a valid signature of their timestamp and `rawBody` (the exact bytes received) and
   * that timestamp is within {@link WEBHOOK_WINDOW_MS} of `now`.
   */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): boolean;
}

/** HMAC-SHA256 of a webhook's timestamp and body, hex: what the bank sends as `X-Signature`. */
export function signWebhook(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The headers a bank's webhook carries: its send time and the signature over it and the body. */
export function webhookHeaders(secret: string, rawBody: string, sentAt: Date): Record<string, string> {
  const timestamp = String(sentAt.getTime());
  return {
    [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
    [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, timestamp, rawBody),
  };
}

/**
 * Constant-time check of a webhook signature over `timestamp` and the body, and of the timestamp being within
 * the replay window of `now`: a signed body captured once cannot be sent again later.
 */
export function isValidWebhookSignature(
  secret: string,
  rawBody: string,
  headers: { timestamp: unknown; signature: unknown },
  now: Date,
): boolean {
  const { timestamp, signature } = headers;
  if (typeof timestamp !== 'string' || !/^\d{1,16}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() - Number(timestamp)) > WEBHOOK_WINDOW_MS) return false;
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
