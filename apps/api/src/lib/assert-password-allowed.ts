import { AppError } from './app-error';
import { isCommonPassword } from './common-passwords';

// Names shorter than this are left out: a two-letter nickname would forbid half of all passwords.
const NAME_MIN = 4;

/** The lower-cased names a password must not contain: each whole name and each word of 4+ letters in it. */
function namesOf(names: string[]): string[] {
  const parts = names.flatMap((name) => {
    const whole = name.trim().toLowerCase();
    return [whole, ...whole.split(/\s+/)];
  });
  return [...new Set(parts)].filter((part) => part.length >= NAME_MIN);
}

/**
 * True for a password that is one character repeated, a pattern of two or three characters repeated
 * (`abababab`, `abcabcabc`), or a run in code order, up or down (`abcdefgh`, `98765432`), whatever the case:
 * no leaked list holds them all, and a guesser tries them first.
 */
export function isTrivialPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (/^(.{1,3})\1+$/su.test(lower)) return true;
  const codes = Array.from(lower, (char) => char.codePointAt(0) ?? 0);
  const steps = codes.slice(1).map((code, i) => code - (codes[i] ?? 0));
  return steps.length > 0 && (steps.every((step) => step === 1) || steps.every((step) => step === -1));
}

/**
 * Throws 400 VALIDATION_ERROR with `fields[field]` = `COMMON_PASSWORD` for a password of the leaked-password
 * list or a trivial one ({@link isTrivialPassword}), or `PASSWORD_CONTAINS_NAME` when it contains the username or the display name (case-insensitive).
 */
export function assertPasswordAllowed(
  password: string,
  names: { username: string; displayName: string },
  field: 'password' | 'newPassword',
): void {
  if (isCommonPassword(password) || isTrivialPassword(password)) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Password is too common', { [field]: 'COMMON_PASSWORD' });
  }
  const lower = password.toLowerCase();
  if (namesOf([names.username, names.displayName]).some((name) => lower.includes(name))) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Password contains your name', {
      [field]: 'PASSWORD_CONTAINS_NAME',
    });
  }
}
