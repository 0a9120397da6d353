import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { tryParseMoney } from '../money';
import { ZAgency, ZAgencyLimits } from './agency';

/** The agency's limits as staff see and set them: the public ones plus the four-eyes threshold (THB). */
export const ZOpsAgencyLimits = ZAgencyLimits.extend({ approvalThreshold: z.string() });
export type TOpsAgencyLimits = z.infer<typeof ZOpsAgencyLimits>;

/** GET /api/ops/v1/agency: the settings page (payment channels are edited through agency/payment-channels). */
export const ZOpsAgency = ZAgency.extend({ limits: ZOpsAgencyLimits });
export type TOpsAgency = z.infer<typeof ZOpsAgency>;

export const ZOpsAgencyResponse = z.object({ agency: ZOpsAgency });
export type TOpsAgencyResponse = z.infer<typeof ZOpsAgencyResponse>;

const ZLink = z.string().trim().max(300, { message: 'TOO_LONG' }).nullable();
const ZMoneyText = (currency: 'LAK' | 'THB') =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'REQUIRED' : 'INVALID') })
    .trim()
    .refine((text) => (tryParseMoney(text, currency) ?? 0n) > 0n, { message: 'INVALID_FORMAT' });

/**
 * PUT /api/ops/v1/agency (admin): the whole editable settings, replacing the stored ones. Money as decimal
 * strings (LAK whole kip, THB with up to two decimals), each > 0, and every minimum ≤ its maximum
 * (`fields["limits.depositMax"] = "INVALID"`).
 */
export const ZPutAgencyRequest = z.object({
  name: z.string().trim().min(1, { message: 'REQUIRED' }).max(100, { message: 'TOO_LONG' }),
  logoUrl: z.string().trim().min(1, { message: 'REQUIRED' }).max(500, { message: 'TOO_LONG' }),
  social: z.object({
    telegram: ZLink,
    whatsapp: ZLink,
    facebook: ZLink,
    twitter: ZLink,
    line: ZLink,
  }),
  contacts: z.object({
    phone: z.string().trim().max(40, { message: 'TOO_LONG' }).nullable(),
    email: z.email({ message: 'INVALID_FORMAT' }).max(200, { message: 'TOO_LONG' }).nullable(),
  }),
  languages: z.array(z.enum(LANGUAGES)).min(1, { message: 'REQUIRED' }),
  limits: z
    .object({
      depositMin: ZMoneyText('LAK'),
      depositMax: ZMoneyText('LAK'),
      withdrawMin: ZMoneyText('THB'),
      withdrawMax: ZMoneyText('THB'),
      promotionCreditThreshold: ZMoneyText('THB'),
      approvalThreshold: ZMoneyText('THB'),
    })
    .superRefine((limits, ctx) => {
      const pairs = [
        ['depositMin', 'depositMax', 'LAK'],
        ['withdrawMin', 'withdrawMax', 'THB'],
      ] as const;
      for (const [min, max, currency] of pairs) {
        const low = tryParseMoney(limits[min], currency);
        const high = tryParseMoney(limits[max], currency);
        if (low !== null && high !== null && high < low)
          ctx.addIssue({ code: 'custom', path: [max], message: 'INVALID' });
      }
    }),
});
export type TPutAgencyRequest = z.infer<typeof ZPutAgencyRequest>;
