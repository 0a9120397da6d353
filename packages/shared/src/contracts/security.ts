import { z } from 'zod';

/** What a player is told about its account (api.md "Player: account safety"). */
export const NOTICE_KINDS = [
  'PASSWORD_CHANGED',
  'TOTP_ENABLED',
  'TOTP_DISABLED',
  'NEW_DEVICE_LOGIN',
  'SESSION_ENDED',
  // Staff credited or refunded a payment that waited for them (another amount, late, paid twice).
  'PAYMENT_CREDITED',
  'PAYMENT_REFUNDED',
] as const;
export const ZNoticeKind = z.enum(NOTICE_KINDS);
export type TNoticeKind = z.infer<typeof ZNoticeKind>;

/**
 * The payment a PAYMENT_* notice is about: the order whose bill it paid (or the order staff credited it to),
 * the kip paid (whole LAK), and for a credit the THB booked and the provider it went to.
 */
export const ZNoticePayment = z.object({
  code: z.string(),
  amount: z.string(),
  credit: z.string().nullable(),
  provider: z.string().nullable(),
});
export type TNoticePayment = z.infer<typeof ZNoticePayment>;

export const ZNotice = z.object({
  id: z.string(),
  kind: ZNoticeKind,
  at: z.string(),
  userAgent: z.string().optional(),
  payment: ZNoticePayment.optional(),
});
export type TNotice = z.infer<typeof ZNotice>;

export const ZNoticesResponse = z.object({ notices: z.array(ZNotice) });
export type TNoticesResponse = z.infer<typeof ZNoticesResponse>;

/** Whether the player's TOTP is on, since when, and how many recovery codes are still unused. */
export const ZTotpStatusResponse = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TTotpStatusResponse = z.infer<typeof ZTotpStatusResponse>;

export const ZTotpSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TTotpSetupResponse = z.infer<typeof ZTotpSetupResponse>;

/** A TOTP code (6 digits) or a recovery code; the server tells which by its shape. */
export const ZSecondFactorCode = z
  .string({ message: 'REQUIRED' })
  .trim()
  .min(1, { message: 'REQUIRED' })
  .max(32, { message: 'TOO_LONG' });

export const ZTotpEnableRequest = z.object({
  code: z
    .string({ message: 'REQUIRED' })
    .trim()
    .regex(/^\d{6}$/, { message: 'INVALID_FORMAT' }),
});
export type TTotpEnableRequest = z.infer<typeof ZTotpEnableRequest>;

export const ZTotpEnableResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type TTotpEnableResponse = z.infer<typeof ZTotpEnableResponse>;

export const ZTotpDisableRequest = z.object({
  password: z.string({ message: 'REQUIRED' }).min(1, { message: 'REQUIRED' }).max(128),
  code: ZSecondFactorCode,
});
export type TTotpDisableRequest = z.infer<typeof ZTotpDisableRequest>;

export const ZPlayerSession = z.object({
  id: z.string(),
  current: z.boolean(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type TPlayerSession = z.infer<typeof ZPlayerSession>;

export const ZSessionsResponse = z.object({ sessions: z.array(ZPlayerSession) });
export type TSessionsResponse = z.infer<typeof ZSessionsResponse>;

export const ZSessionParams = z.object({ id: z.string().max(64) });
