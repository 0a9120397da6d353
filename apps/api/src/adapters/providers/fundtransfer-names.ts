import { createHash, createHmac } from 'node:crypto';
import type { ProviderMember } from './game-provider';

// How our names become the aggregator's (fundtransfer-v1, docs/decisions/0071-aggregator-protocol.md). Each is
// derived again at every call, never stored, so a restart or a lost answer can never make a second one.

/** The aggregator takes member names of 3–12 lower-case letters and digits. */
export const AGGREGATOR_USERNAME = /^[a-z0-9]{3,12}$/;
/** Reference ids of at most 20 characters; we send only digits and capitals. */
export const AGGREGATOR_REFERENCE = /^[0-9A-Z]{1,20}$/;

const HASH_DIGITS = 10;

/**
 * The member's name at the aggregator: the agent prefix (the first two characters of the operator code) and
 * ten base-36 digits. Our member names are `<agency>_<12 hex>` (member-name.ts); the 48 bits of the hex fit
 * ten base-36 digits exactly, so two of our members of one agency never share a name there. Any other name
 * (none today) takes 48 bits of its SHA-256 instead.
 */
export function aggregatorUsernameOf(member: ProviderMember, operatorCode: string): string {
  const hex =
    /_([0-9a-f]{12})$/.exec(member.username)?.[1] ??
    createHash('sha256').update(member.username).digest('hex').slice(0, 12);
  const digits = BigInt(`0x${hex}`).toString(36).padStart(HASH_DIGITS, '0');
  return `${operatorCode.slice(0, 2)}${digits}`;
}

/**
 * The member's password at the aggregator's products (every call names it; the aggregator stores it at the
 * member's first call and keeps none itself). Derived from the secret key, so nothing is stored: twelve
 * letters alternating upper and lower case — the aggregator's advice (one capital, one small letter, no
 * digit runs such as 123, longer than 6) and its 12-character limit.
 */
export function aggregatorPasswordOf(secretKey: string, username: string): string {
  const bytes = createHmac('sha256', secretKey).update(`member-password:${username}`).digest();
  let password = '';
  for (let i = 0; i < 12; i++) {
    const letter = String.fromCharCode(65 + ((bytes[i] ?? 0) % 26));
    password += i % 2 === 0 ? letter : letter.toLowerCase();
  }
  return password;
}

/**
 * The reference id of one of our transfer references (`D2611210001AB:in`, `ops-credit:<uuid>`…): the
 * aggregator takes 20 characters, and its alphabet beyond digits and letters is not documented. The first 20
 * base-36 digits of the reference's SHA-256 (103 bits): the same reference always gives the same id, so a
 * look-up or a repeat after a lost answer names the transfer the first request did.
 */
export function aggregatorReferenceOf(reference: string): string {
  const hash = BigInt(`0x${createHash('sha256').update(reference).digest('hex')}`);
  return hash.toString(36).toUpperCase().padStart(20, '0').slice(0, 20);
}

/** The aggregator's signature: MD5 of the fields run together (each call has its own order), in capitals. */
export function aggregatorSignature(...parts: string[]): string {
  return createHash('md5').update(parts.join(''), 'utf8').digest('hex').toUpperCase();
}
