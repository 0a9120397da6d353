import { z } from 'zod';

/** The rolling periods of a deposit limit (api.md: 24 h / 7 d / 30 d). */
export const LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type TLimitPeriod = (typeof LIMIT_PERIODS)[number];

/** Length of each rolling period in milliseconds. */
export const LIMIT_PERIOD_MS: Readonly<Record<TLimitPeriod, number>> = {
  daily: 24 * 60 * 60_000,
  weekly: 7 * 24 * 60 * 60_000,
  monthly: 30 * 24 * 60 * 60_000,
};

/** A raise or a removal waits this long before it applies (a lower limit applies at once). */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60_000;

// Whole kip, at least 1 and at most 13 digits (the deposit amount's own bound); null = no limit.
const ZLimitAmount = z
  .string({ error: 'INVALID' })
  .trim()
  .regex(/^[1-9]\d{0,12}$/, { message: 'INVALID' })
  .nullable();

/** PUT /api/v2/players/limits: every period, LAK decimal strings or null (no limit). */
export const ZPlayLimitsRequest = z.object({
  daily: ZLimitAmount,
  weekly: ZLimitAmount,
  monthly: ZLimitAmount,
});
export type TPlayLimitsRequest = z.infer<typeof ZPlayLimitsRequest>;

export const ZLimitValues = z.object({
  daily: z.string().nullable(),
  weekly: z.string().nullable(),
  monthly: z.string().nullable(),
});
export type TLimitValues = z.infer<typeof ZLimitValues>;

/** GET/PUT /api/v2/players/limits: the limits in force and the raises or removals still waiting. */
export const ZPlayLimitsResponse = z.object({
  limits: ZLimitValues,
  pending: z.nullable(z.object({ ...ZLimitValues.shape, effectiveAt: z.string() })),
});
export type TPlayLimitsResponse = z.infer<typeof ZPlayLimitsResponse>;

export const TIME_OUT_DAYS = [1, 7, 30, 42] as const;
export const SELF_EXCLUSION_MONTHS = [6, 12, 60] as const;

export const ZTimeOutRequest = z.object({
  days: z.literal(TIME_OUT_DAYS, { error: 'INVALID' }),
});
export type TTimeOutRequest = z.infer<typeof ZTimeOutRequest>;

export const ZSelfExclusionRequest = z.object({
  months: z.literal(SELF_EXCLUSION_MONTHS, { error: 'INVALID' }),
});
export type TSelfExclusionRequest = z.infer<typeof ZSelfExclusionRequest>;

export const RESTRICTION_KINDS = ['TIME_OUT', 'SELF_EXCLUSION'] as const;
export const ZRestriction = z.object({ kind: z.enum(RESTRICTION_KINDS), until: z.string() });
export type TRestriction = z.infer<typeof ZRestriction>;
export type TRestrictionKind = TRestriction['kind'];
