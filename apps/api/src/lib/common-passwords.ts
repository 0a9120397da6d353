import { dictionary } from '@zxcvbn-ts/language-common';

// zxcvbn-ts's list of leaked passwords (about 49,000, most common first, lower-cased), maintained upstream
// and pinned in package.json; far more than ASVS 5's top 3,000. It stays on the server: the list alone is
// several times a web chunk's budget. The project's own name is added, the first thing a player here tries.
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  ...dictionary['passwords-common'],
  'laocredit',
  'laocredit123',
]);

/** True when the password is one of the most common ones (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
