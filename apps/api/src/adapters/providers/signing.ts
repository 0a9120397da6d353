import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a signed request's timestamp may be from the receiver's clock. */
export const SIGNATURE_MAX_SKEW_MS = 5 * 60 * 1000;

/** HMAC-SHA256 over timestamp, method, path and body: what both the client and the sandbox compute. */
export function signRequest(
  key: string,
  timestamp: string,
  method: string,
  path: string,
  body: string,
): string {
  return createHmac('sha256', key)
    .update(`${timestamp}\n${method.toUpperCase()}\n${path}\n${body}`)
    .digest('hex');
}

/** Constant-time check of a request signature, refusing stale timestamps (replays). */
export function verifySignature(
  key: string,
  headers: { timestamp?: string; signature?: string },
  method: string,
  path: string,
  body: string,
  now: number,
): boolean {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now - Number(timestamp)) > SIGNATURE_MAX_SKEW_MS) return false;
  const expected = Buffer.from(signRequest(key, timestamp, method, path, body), 'hex');
  const given = Buffer.from(signature, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
