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
 * Throws 400 VALIDATION_ERROR with `fields[field]` = `COMMON_PASSWORD` for a password of the leaked-password
 * list, or `PASSWORD_CONTAINS_NAME` when it contains the username or the display name (case-insensitive).
 */
export function assertPasswordAllowed(
  password: string,
  names: { username: string; displayName: string },
  field: 'password' | 'newPassword',
): void {
  if (isCommonPassword(password)) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Password is too common', { [field]: 'COMMON_PASSWORD' });
  }
  const lower = password.toLowerCase();
  if (namesOf([names.username, names.displayName]).some((name) => lower.includes(name))) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Password contains your name', {
      [field]: 'PASSWORD_CONTAINS_NAME',
    });
  }
}
