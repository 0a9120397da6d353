import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { tryParseMoney } from '../money';
import { BANKS, ZBank } from '../providers';
import { ZAgency, ZAgencyLimits, ZAgencyTheme, ZSocialLinks } from './agency';

/** The agency's limits as staff see and set them: the public ones plus the four-eyes threshold (THB). */
export const ZOpsAgencyLimits = ZAgencyLimits.extend({ approvalThreshold: z.string() });
export type TOpsAgencyLimits = z.infer<typeof ZOpsAgencyLimits>;

/** GET /api/ops/v1/agency: the settings page (payment channels are edited through agency/payment-channels). */
export const ZOpsAgency = ZAgency.extend({ limits: ZOpsAgencyLimits });
export type TOpsAgency = z.infer<typeof ZOpsAgency>;

export const ZOpsAgencyResponse = z.object({ agency: ZOpsAgency });
export type TOpsAgencyResponse = z.infer<typeof ZOpsAgencyResponse>;

/** The largest logo an admin may upload (POST /api/ops/v1/settings/logo): 200 KiB. */
export const LOGO_MAX_BYTES = 200 * 1024;
/** What a logo may be: a PNG or an SVG without scripts or outside references (decision 0069). */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/svg+xml'] as const;
export type TLogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

/** `#rrggbb`: the one form of a colour the settings take (stored in lower case). */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

// A missing field says REQUIRED, anything else of the wrong kind INVALID (the form shows either).
const requiredOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined ? 'REQUIRED' : 'INVALID';

// http(s)://, a host of DNS labels (or an IP address), an optional port, then a path, query or fragment.
const WEB_LINK =
  /^https?:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?([/?#]\S*)?$/i;

/**
 * True for an absolute http(s) URL with a host and no credentials or spaces: what a player's browser may open as
 * a social link (never `javascript:`, `data:` or a bare handle).
 */
export function isWebLink(text: string): boolean {
  return WEB_LINK.test(text);
}

// A social link: an http(s) URL, or null (an empty text is null: the link is not shown).
const ZLink = z
  .string({ error: requiredOrInvalid })
  .trim()
  .max(300, { message: 'TOO_LONG' })
  .nullable()
  .transform((text) => text || null)
  .refine((text) => text === null || isWebLink(text), { message: 'INVALID_FORMAT' });

const ZSocialLinksInput = z.object({
  telegram: ZLink,
  whatsapp: ZLink,
  facebook: ZLink,
  twitter: ZLink,
  line: ZLink,
});

const ZContactsInput = z.object({
  phone: z.string().trim().max(40, { message: 'TOO_LONG' }).nullable(),
  email: z.email({ message: 'INVALID_FORMAT' }).max(200, { message: 'TOO_LONG' }).nullable(),
});

const ZMoneyText = (currency: 'LAK' | 'THB') =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .refine((text) => (tryParseMoney(text, currency) ?? 0n) > 0n, { message: 'INVALID_FORMAT' });

/** A THB amount > 0, or none: null or an empty text. */
const ZOptionalThb = z
  .string({ error: requiredOrInvalid })
  .trim()
  .nullable()
  .transform((text) => text || null)
  .refine((text) => text === null || (tryParseMoney(text, 'THB') ?? 0n) > 0n, { message: 'INVALID_FORMAT' });

const ZName = z.string().trim().min(1, { message: 'REQUIRED' }).max(100, { message: 'TOO_LONG' });

/** A list of distinct values, at least one (`REQUIRED` when empty, `INVALID` with a value twice). */
const distinct = <T extends z.ZodType<string>>(item: T) =>
  z
    .array(item)
    .min(1, { message: 'REQUIRED' })
    .refine((items) => new Set(items).size === items.length, { message: 'INVALID' });

/**
 * Every minimum ≤ its maximum: `fields["limits.depositMax"] = "INVALID"` otherwise. The transfer limits may be
 * left out of a PUT (they keep their stored values); given, they are checked against each other.
 */
function refineMinMax(
  limits: {
    depositMin: string;
    depositMax: string;
    withdrawMin: string;
    withdrawMax: string;
    transferMin?: string;
    transferMax?: string;
  },
  ctx: z.RefinementCtx,
): void {
  const pairs = [
    ['depositMin', 'depositMax', 'LAK'],
    ['withdrawMin', 'withdrawMax', 'THB'],
    ['transferMin', 'transferMax', 'THB'],
  ] as const;
  for (const [min, max, currency] of pairs) {
    const [lowText, highText] = [limits[min], limits[max]];
    if (lowText === undefined || highText === undefined) continue;
    const low = tryParseMoney(lowText, currency);
    const high = tryParseMoney(highText, currency);
    if (low !== null && high !== null && high < low)
      ctx.addIssue({ code: 'custom', path: [max], message: 'INVALID' });
  }
}

/**
 * PUT /api/ops/v1/agency (admin): the whole editable settings of the first back office, replacing the stored
 * ones. Money as decimal strings (LAK whole kip, THB with up to two decimals), each > 0, and every minimum ≤ its
 * maximum (`fields["limits.depositMax"] = "INVALID"`). The logo is uploaded (settings/logo), never named here;
 * the brand colour, the accepted banks and `creditBelow` are set through `settings/agency` and kept as they are.
 */
export const ZPutAgencyRequest = z.object({
  name: ZName,
  social: ZSocialLinksInput,
  contacts: ZContactsInput,
  languages: distinct(z.enum(LANGUAGES)),
  limits: z
    .object({
      depositMin: ZMoneyText('LAK'),
      depositMax: ZMoneyText('LAK'),
      withdrawMin: ZMoneyText('THB'),
      withdrawMax: ZMoneyText('THB'),
      // Decision 0072: optional, so tools written before they existed keep working (stored values stay).
      transferMin: ZMoneyText('THB').optional(),
      transferMax: ZMoneyText('THB').optional(),
      promotionCreditThreshold: ZMoneyText('THB'),
      approvalThreshold: ZMoneyText('THB'),
    })
    .superRefine(refineMinMax),
});
export type TPutAgencyRequest = z.input<typeof ZPutAgencyRequest>;

/**
 * `settings/agency` (decision 0069): the agency's brand and limits as its admin sets them. `promotionCreditBelow`
 * is the public `limits.promotionCreditThreshold`; `creditBelow` (THB, null: none) is what a provider's credit
 * must be below for a deposit; contacts and the four-eyes `approvalThreshold` are here too, and the logo's URL
 * (uploaded through settings/logo).
 */
export const ZAgencySettings = z.object({
  name: z.string(),
  logoUrl: z.string(),
  social: ZSocialLinks,
  contacts: z.object({ phone: z.string().nullable(), email: z.string().nullable() }),
  theme: ZAgencyTheme,
  languages: z.array(z.enum(LANGUAGES)),
  acceptedBanks: z.array(ZBank),
  limits: z.object({
    depositMin: z.string(),
    depositMax: z.string(),
    withdrawMin: z.string(),
    withdrawMax: z.string(),
    transferMin: z.string(),
    transferMax: z.string(),
    creditBelow: z.string().nullable(),
    promotionCreditBelow: z.string(),
    approvalThreshold: z.string(),
  }),
});
export type TAgencySettings = z.infer<typeof ZAgencySettings>;

export const ZAgencySettingsResponse = z.object({ settings: ZAgencySettings });
export type TAgencySettingsResponse = z.infer<typeof ZAgencySettingsResponse>;

/**
 * PUT /api/ops/v1/settings/agency (admin): replaces the agency's brand and limits as a whole, or nothing of them
 * (400 VALIDATION_ERROR names each wrong field: `theme.primaryColor`, `social.line`, `limits.depositMax`…).
 * `contacts`, `limits.approvalThreshold` and `limits.transferMin`/`transferMax` may be left out: they keep their
 * stored values. Accepted banks are kept in the order of BANKS.
 */
export const ZPutAgencySettingsRequest = z.object({
  name: ZName,
  social: ZSocialLinksInput,
  contacts: ZContactsInput.optional(),
  theme: z.object({
    primaryColor: z
      .string({ error: requiredOrInvalid })
      .trim()
      .regex(HEX_COLOR, { message: 'INVALID_FORMAT' })
      .transform((color) => color.toLowerCase()),
  }),
  languages: distinct(z.enum(LANGUAGES)),
  acceptedBanks: distinct(ZBank).transform((banks) => BANKS.filter((bank) => banks.includes(bank))),
  limits: z
    .object({
      depositMin: ZMoneyText('LAK'),
      depositMax: ZMoneyText('LAK'),
      withdrawMin: ZMoneyText('THB'),
      withdrawMax: ZMoneyText('THB'),
      transferMin: ZMoneyText('THB').optional(),
      transferMax: ZMoneyText('THB').optional(),
      creditBelow: ZOptionalThb,
      promotionCreditBelow: ZMoneyText('THB'),
      approvalThreshold: ZMoneyText('THB').optional(),
    })
    .superRefine(refineMinMax),
});
export type TPutAgencySettingsRequest = z.input<typeof ZPutAgencySettingsRequest>;
export type TAgencySettingsChange = z.output<typeof ZPutAgencySettingsRequest>;

/** POST /api/ops/v1/settings/logo: where players' app now loads the logo from. */
export const ZAgencyLogoResponse = z.object({ logoUrl: z.string() });
export type TAgencyLogoResponse = z.infer<typeof ZAgencyLogoResponse>;
