import { z } from 'zod';
import { PROVIDERS } from '../providers';

/**
 * How an agency reaches each game provider (go-live, `settings/providers`): a protocol, a base URL and the
 * protocol's credentials. Credentials go in (PUT, a four-eyes request) and never come out.
 */
export const PROVIDER_PROTOCOLS = ['laocredit-v1', 'fundtransfer-v1'] as const;
export type TProviderProtocol = (typeof PROVIDER_PROTOCOLS)[number];

/** The credential fields each protocol needs (the back office draws its form from these). */
export const PROTOCOL_CREDENTIALS: Record<TProviderProtocol, readonly string[]> = {
  // Our signed protocol: the HMAC key both sides share.
  'laocredit-v1': ['key'],
  // The aggregator's "Fund Transfer API" (docs/decisions/0071-aggregator-protocol.md): the agent's operator
  // code and MD5 secret, the product's provider code, and its LOG_URL (the transfer look-up lives there).
  'fundtransfer-v1': ['operatorCode', 'secretKey', 'providerCode', 'logUrl'],
};

export const ZProviderParams = z.object({ provider: z.enum(PROVIDERS, { message: 'UNKNOWN_PROVIDER' }) });

const ZCredential = z
  .string({ error: 'REQUIRED' })
  .min(16, { message: 'TOO_SHORT' })
  .max(512, { message: 'TOO_LONG' })
  .regex(/^[\x21-\x7e]+$/, { message: 'INVALID_FORMAT' });

const ZEndpointUrl = z
  .url({ protocol: /^https?$/, message: 'INVALID_FORMAT' })
  .max(300, { message: 'TOO_LONG' })
  // A query or fragment would be dropped or mangled by the path the client appends.
  .refine((url) => !/[?#]/.test(url), { message: 'INVALID_FORMAT' });

/**
 * Fields that are not secrets of 16+ characters get their own strict rule; every other field is a
 * {@link ZCredential}. The aggregator's operator code is short and signed as sent, and it lower-cases it on
 * its side, so only lower case passes; its provider codes are two letters or digits (`PG`, `i8`).
 */
const CREDENTIAL_RULES: Record<string, z.ZodType<string>> = {
  operatorCode: z.string({ error: 'REQUIRED' }).regex(/^[a-z0-9]{2,16}$/, { message: 'INVALID_FORMAT' }),
  providerCode: z.string({ error: 'REQUIRED' }).regex(/^[A-Za-z0-9]{2}$/, { message: 'INVALID_FORMAT' }),
  logUrl: z.string({ error: 'REQUIRED' }).pipe(ZEndpointUrl),
};

export const ZPutProviderSettingsRequest = z
  .object({
    protocol: z.enum(PROVIDER_PROTOCOLS, { message: 'INVALID' }),
    url: ZEndpointUrl,
    credentials: z.record(z.string(), z.string()),
    enabled: z.boolean({ error: 'REQUIRED' }),
  })
  .superRefine((body, ctx) => {
    const fields = PROTOCOL_CREDENTIALS[body.protocol] ?? [];
    for (const field of fields) {
      const checked = (CREDENTIAL_RULES[field] ?? ZCredential).safeParse(body.credentials[field]);
      if (!checked.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['credentials', field],
          message: checked.error.issues[0]?.message,
        });
      }
    }
    for (const field of Object.keys(body.credentials)) {
      if (!fields.includes(field))
        ctx.addIssue({ code: 'custom', path: ['credentials', field], message: 'INVALID' });
    }
  });
export type TPutProviderSettingsRequest = z.input<typeof ZPutProviderSettingsRequest>;

export const ZProviderCheck = z.object({ at: z.string(), ok: z.boolean(), detail: z.string() });

export const ZProviderSettingsItem = z.object({
  provider: z.enum(PROVIDERS),
  /** `agency`: its own approved settings; `default`: the deployment's (PROVIDER_<NAME>_*, or the sandbox). */
  source: z.enum(['agency', 'default']),
  protocol: z.enum(PROVIDER_PROTOCOLS),
  url: z.string().nullable(),
  enabled: z.boolean(),
  /** Whether calls go anywhere at all (a default without URL and key does not). */
  configured: z.boolean(),
  lastCheck: ZProviderCheck.nullable(),
  /** A PROVIDER_SETTINGS request waiting for a second admin, if any. */
  pendingApprovalId: z.string().nullable(),
});
export type TProviderSettingsItem = z.infer<typeof ZProviderSettingsItem>;

export const ZProviderSettingsResponse = z.object({
  protocols: z.array(z.enum(PROVIDER_PROTOCOLS)),
  items: z.array(ZProviderSettingsItem),
});
export type TProviderSettingsResponse = z.infer<typeof ZProviderSettingsResponse>;

/** POST settings/providers/{provider}/check: a balance look-up of the agency's own check member. */
export const ZProviderCheckResponse = z.object({ ok: z.boolean(), detail: z.string(), ms: z.number() });
export type TProviderCheckResponse = z.infer<typeof ZProviderCheckResponse>;

/** POST /api/ops/v1/secrets/reseal (OPS token): the key rotation's step, for every agency. */
export const ZResealSecretsResponse = z.object({ resealed: z.number(), unreadable: z.number() });
