import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: codes are copied from paper by hand.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

/** Ten fresh recovery codes as the player sees them, e.g. `k7m2p-x9qrt` (about 50 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET.charAt(randomInt(ALPHABET.length)));
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/**
 * What is stored of a recovery code: SHA-256 over the owner's id (player or staff) and the code without case, spaces or dashes.
 * The codes are random and long enough that a fast hash is safe, and the player id keeps equal codes of two
 * players apart.
 */
export function hashRecoveryCode(ownerId: string, code: string): string {
  const normalised = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`${ownerId}:${normalised}`).digest('hex');
}
