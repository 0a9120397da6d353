import { createHash, randomBytes } from 'node:crypto';

/** A new 256-bit session token (base64url, what the cookie carries). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, hex: only this is stored, so a database leak does not hand out sessions. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
