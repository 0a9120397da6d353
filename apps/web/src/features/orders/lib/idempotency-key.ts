/** A random UUID v4; `crypto.randomUUID` exists only in secure contexts, so plain http gets the fallback. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The key of the last attempt and what it sent; `isSettled` once the API gave a definite answer. */
export type SubmissionAttempt = { key: string; body: string; isSettled: boolean };

/**
 * The Idempotency-Key of a submission. The same body sent again after an attempt with no definite answer
 * (network failure, 5xx) is a retry of that submission and reuses its key, so the server answers once;
 * anything else is a new submission with a new key.
 */
export function idempotencyKeyFor(
  previous: SubmissionAttempt | null,
  body: string,
  makeKey: () => string = newIdempotencyKey,
): string {
  if (previous && !previous.isSettled && previous.body === body) return previous.key;
  return makeKey();
}

/** True when an error status leaves the outcome unknown: the same submission may be retried. */
export function isUnsettledStatus(status: number): boolean {
  return status === 0 || status >= 500;
}
