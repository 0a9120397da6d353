import { z } from 'zod';
import {
  CHANGE_PASSWORD_MIN,
  DISPLAY_NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '../limits';
import { ZBankAccount } from './bank-accounts';
import { ZFingerprintPayload } from './fingerprint';
import { ZRestriction } from './play-limits';

export const ZUsername = z
  .string()
  .trim()
  .min(USERNAME_MIN, { message: 'TOO_SHORT' })
  .max(USERNAME_MAX, { message: 'TOO_LONG' })
  .regex(USERNAME_PATTERN, { message: 'INVALID_FORMAT' });

export const ZPassword = z
  .string()
  .min(PASSWORD_MIN, { message: 'TOO_SHORT' })
  .max(PASSWORD_MAX, { message: 'TOO_LONG' });

export const ZPlayer = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
});
export type TPlayer = z.infer<typeof ZPlayer>;

export const ZRegisterRequest = z
  .object({
    username: ZUsername,
    password: ZPassword,
    confirmPassword: z.string({ message: 'REQUIRED' }).min(1, { message: 'REQUIRED' }),
    displayName: z
      .string()
      .trim()
      .min(1, { message: 'REQUIRED' })
      .max(DISPLAY_NAME_MAX, { message: 'TOO_LONG' }),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 -]{6,20}$/, { message: 'INVALID_FORMAT' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    acceptTerms: z.literal(true, { message: 'MUST_ACCEPT' }),
    // The player confirms being 18 or older (api.md); without it no account is opened.
    adultConfirmed: z.literal(true, { message: 'MUST_ACCEPT' }),
    fingerprint: ZFingerprintPayload,
  })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'PASSWORD_MISMATCH',
  });
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZPlayerResponse = z.object({ player: ZPlayer });
export type TPlayerResponse = z.infer<typeof ZPlayerResponse>;

export const ZUsernameValidateRequest = z.object({ username: ZUsername });
export const ZUsernameValidateResponse = z.object({ username: z.string(), available: z.boolean() });
export type TUsernameValidateResponse = z.infer<typeof ZUsernameValidateResponse>;

export const ZLoginRequest = z.object({
  username: z.string().trim().min(1, { message: 'REQUIRED' }).max(64),
  password: z.string().min(1, { message: 'REQUIRED' }).max(PASSWORD_MAX),
  // A TOTP code or an unused recovery code; asked for only when the player turned TOTP on.
  code: z.string().trim().min(1, { message: 'REQUIRED' }).max(32, { message: 'TOO_LONG' }).optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZPlayerInfoResponse = z.object({
  player: ZPlayer,
  credential: z.object({ username: z.string(), passwordChangedAt: z.string().nullable() }),
  bankAccounts: z.array(ZBankAccount),
  /** A time-out or self-exclusion in force (deposits, games and promotions refused until `until`), else null. */
  // `z.nullable(…)`, not `ZRestriction.nullable()`: only `z.*` calls are pure to the web bundler, and an
  // impure one would keep zod in the start-up bundle (apps/web/vite.config.ts).
  restriction: z.nullable(ZRestriction),
});
export type TPlayerInfoResponse = z.infer<typeof ZPlayerInfoResponse>;

export const ZChangePasswordRequest = z
  .object({
    currentPassword: z.string({ message: 'REQUIRED' }).min(CHANGE_PASSWORD_MIN, { message: 'TOO_SHORT' }),
    newPassword: z
      .string({ message: 'REQUIRED' })
      .min(CHANGE_PASSWORD_MIN, { message: 'TOO_SHORT' })
      .max(PASSWORD_MAX, { message: 'TOO_LONG' }),
    confirmNewPassword: z.string({ message: 'REQUIRED' }).min(CHANGE_PASSWORD_MIN, { message: 'TOO_SHORT' }),
  })
  .refine((body) => body.newPassword === body.confirmNewPassword, {
    path: ['confirmNewPassword'],
    message: 'PASSWORD_MISMATCH',
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZBacklistResponse = z.object({ blocked: z.boolean(), reason: z.string().nullable() });
export type TBacklistResponse = z.infer<typeof ZBacklistResponse>;
