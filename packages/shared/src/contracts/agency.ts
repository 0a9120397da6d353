import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { ZBank } from '../providers';

export const ZSocialLinks = z.object({
  telegram: z.string().nullable(),
  whatsapp: z.string().nullable(),
  facebook: z.string().nullable(),
  twitter: z.string().nullable(),
  line: z.string().nullable(),
});
export type TSocialLinks = z.infer<typeof ZSocialLinks>;

/** A payment channel (the spec's "currency option"): the MID a deposit is paid to. */
export const ZPaymentChannel = z.object({
  code: z.string(),
  mid: z.string(),
  displayName: z.string(),
  currency: z.literal('LAK'),
});
export type TPaymentChannel = z.infer<typeof ZPaymentChannel>;

/**
 * Money limits as decimal strings: deposits in LAK, withdrawals and transfers between providers in THB credit.
 * `creditBelow` (THB): a deposit needs the provider's credit below it, null when the agency has no such rule
 * (decision 0069). `transferMin`/`transferMax`: one transfer's bounds (decision 0072).
 */
export const ZAgencyLimits = z.object({
  depositMin: z.string(),
  depositMax: z.string(),
  withdrawMin: z.string(),
  withdrawMax: z.string(),
  transferMin: z.string(),
  transferMax: z.string(),
  promotionCreditThreshold: z.string(),
  creditBelow: z.string().nullable(),
});
export type TAgencyLimits = z.infer<typeof ZAgencyLimits>;

/** The brand colour of the player app (`#rrggbb`, lower case); the app derives its palette from it. */
export const ZAgencyTheme = z.object({ primaryColor: z.string() });
export type TAgencyTheme = z.infer<typeof ZAgencyTheme>;

export const ZAgency = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  social: ZSocialLinks,
  contacts: z.object({ phone: z.string().nullable(), email: z.string().nullable() }),
  theme: ZAgencyTheme,
  languages: z.array(z.enum(LANGUAGES)),
  /** The banks players may hold their account with, in the order of BANKS (footer, bank form). */
  acceptedBanks: z.array(ZBank),
  paymentChannels: z.array(ZPaymentChannel),
  limits: ZAgencyLimits,
  isSandbox: z.boolean(),
});
export type TAgency = z.infer<typeof ZAgency>;

export const ZAgencyInfoResponse = z.object({ agency: ZAgency });
export type TAgencyInfoResponse = z.infer<typeof ZAgencyInfoResponse>;
