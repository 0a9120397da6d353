import type { TLoginRequest } from '@lc/shared/contracts/players';
import { PASSWORD_MAX } from '@lc/shared/limits';

/** Longest username the sign-in form sends (ZLoginRequest's limit; check-login.test.ts keeps them equal). */
export const LOGIN_USERNAME_MAX = 64;

export type LoginFieldErrors = Partial<Record<keyof TLoginRequest, 'REQUIRED' | 'TOO_LONG'>>;

/**
 * The sign-in form's field check, written out rather than run through `ZLoginRequest`: /login is a first
 * page for many visits, and the schema would bring zod (22 KB) onto its critical path (decision 0013). It
 * accepts exactly what the schema accepts (check-login.test.ts); the server checks with the schema anyway.
 */
export function checkLogin(values: { username: string; password: string }): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  const username = values.username.trim();
  if (username === '') errors.username = 'REQUIRED';
  else if (username.length > LOGIN_USERNAME_MAX) errors.username = 'TOO_LONG';
  if (values.password === '') errors.password = 'REQUIRED';
  else if (values.password.length > PASSWORD_MAX) errors.password = 'TOO_LONG';
  return errors;
}
