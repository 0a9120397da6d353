import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { ZCreateStaffRequest } from './ops-staff';

/**
 * The platform's agencies (OPS token only; go-live). A host is a lower-case DNS name; a `:port` is allowed for
 * local use and dropped (a request's Host is matched without its port).
 */
const HOST =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/;
export const ZAgencyHost = z
  .string({ error: 'REQUIRED' })
  .trim()
  .toLowerCase()
  .regex(HOST, { message: 'INVALID_FORMAT' })
  .transform((host) => host.replace(/:\d+$/, ''));

const ZHosts = z
  .array(ZAgencyHost, { error: 'REQUIRED' })
  .min(1, { message: 'REQUIRED' })
  .max(20, { message: 'TOO_LONG' })
  .transform((hosts) => [...new Set(hosts)]);
const ZAgencyName = z.string({ error: 'REQUIRED' }).trim().min(1, { message: 'REQUIRED' }).max(80, {
  message: 'TOO_LONG',
});

export const ZCreateAgencyRequest = z.object({
  name: ZAgencyName,
  hosts: ZHosts,
  defaultLanguage: z.enum(LANGUAGES, { message: 'INVALID' }).optional(),
  admin: ZCreateStaffRequest.pick({ username: true, displayName: true }),
});
export type TCreateAgencyRequest = z.input<typeof ZCreateAgencyRequest>;

export const ZUpdateAgencyRequest = z
  .object({ name: ZAgencyName.optional(), hosts: ZHosts.optional(), active: z.boolean().optional() })
  .refine((body) => body.name !== undefined || body.hosts !== undefined || body.active !== undefined, {
    message: 'REQUIRED',
    path: ['name'],
  });
export type TUpdateAgencyRequest = z.input<typeof ZUpdateAgencyRequest>;

export const ZOpsAgencyParams = z.object({ id: z.uuid({ message: 'INVALID' }) });

export const ZPlatformAgency = z.object({
  id: z.string(),
  name: z.string(),
  hosts: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
});
export type TPlatformAgency = z.infer<typeof ZPlatformAgency>;

/** The first admin's one-time password is answered once; they change it and enrol TOTP at first sign-in. */
export const ZCreateAgencyResponse = z.object({
  agency: ZPlatformAgency,
  admin: z.object({ username: z.string(), initialPassword: z.string() }),
});
export type TCreateAgencyResponse = z.infer<typeof ZCreateAgencyResponse>;
export const ZPlatformAgencyResponse = z.object({ agency: ZPlatformAgency });
export const ZPlatformAgenciesResponse = z.object({ items: z.array(ZPlatformAgency) });
export type TPlatformAgenciesResponse = z.infer<typeof ZPlatformAgenciesResponse>;
