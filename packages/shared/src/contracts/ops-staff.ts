import { z } from 'zod';
import { DISPLAY_NAME_MAX, PASSWORD_MAX } from '../limits';
import { ZPassword, ZUsername } from './players';
import { ZSecondFactorCode, ZTotpEnableRequest } from './security';

/** Staff roles, each including the ones before it (backoffice.md). */
export const STAFF_ROLES = ['support', 'cashier', 'finance', 'admin'] as const;
export const ZStaffRole = z.enum(STAFF_ROLES, { message: 'INVALID' });
export type TStaffRole = z.infer<typeof ZStaffRole>;

export const ZStaff = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: ZStaffRole,
  active: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type TStaff = z.infer<typeof ZStaff>;

export const ZStaffParams = z.object({ id: z.uuid({ message: 'INVALID' }) });

export const ZCreateStaffRequest = z.object({
  username: ZUsername,
  displayName: z
    .string()
    .trim()
    .min(1, { message: 'REQUIRED' })
    .max(DISPLAY_NAME_MAX, { message: 'TOO_LONG' }),
  role: ZStaffRole,
});
export type TCreateStaffRequest = z.infer<typeof ZCreateStaffRequest>;

/** The initial password is answered once and never stored in clear; the member replaces it at first sign-in. */
export const ZCreateStaffResponse = z.object({ staff: ZStaff, initialPassword: z.string() });
export const ZStaffListResponse = z.object({ staff: z.array(ZStaff) });
export const ZStaffResponse = z.object({ staff: ZStaff });

export const ZUpdateStaffRequest = z
  .object({ role: ZStaffRole.optional(), active: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.active !== undefined, {
    message: 'REQUIRED',
    path: ['role'],
  });
export type TUpdateStaffRequest = z.infer<typeof ZUpdateStaffRequest>;

export const ZStaffSessionRequest = z.object({
  username: z.string().trim().min(1, { message: 'REQUIRED' }).max(64),
  password: z.string().min(1, { message: 'REQUIRED' }).max(PASSWORD_MAX),
  // A TOTP or recovery code; absent only before the member has enrolled.
  code: ZSecondFactorCode.optional(),
});
export type TStaffSessionRequest = z.infer<typeof ZStaffSessionRequest>;

export const ZStaffSessionResponse = z.object({
  staff: ZStaff,
  mustChangePassword: z.boolean(),
  mustEnrolTotp: z.boolean(),
  // Only while enrolling: shown to the member alone, never to the admin who created the account.
  totp: z.object({ secret: z.string(), otpauthUrl: z.string() }).optional(),
});
export type TStaffSessionResponse = z.infer<typeof ZStaffSessionResponse>;

/**
 * GET /api/ops/v1/me: the member, and what of the first sign-in is still owed (the console sends a member
 * who owes either back to that step).
 */
export const ZMeResponse = z.object({
  staff: ZStaff,
  mustChangePassword: z.boolean(),
  mustEnrolTotp: z.boolean(),
});
export type TMeResponse = z.infer<typeof ZMeResponse>;

/** GET /api/ops/v1/me/totp: the secret being enrolled, to the member alone, until enrolment is confirmed. */
export const ZPendingTotpResponse = z.object({
  totp: z.object({ secret: z.string(), otpauthUrl: z.string() }),
});
export type TPendingTotpResponse = z.infer<typeof ZPendingTotpResponse>;

export const ZStaffTotpRequest = ZTotpEnableRequest;
export const ZStaffTotpResponse = z.object({ recoveryCodes: z.array(z.string()) });

export const ZStaffPasswordRequest = z.object({
  currentPassword: z.string().min(1, { message: 'REQUIRED' }).max(PASSWORD_MAX),
  newPassword: ZPassword,
});
export type TStaffPasswordRequest = z.infer<typeof ZStaffPasswordRequest>;
