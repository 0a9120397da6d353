import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { PROVIDERS } from '../providers';
import { ZPage } from './common';

/**
 * Promotions (domain.md, Promotions; docs/decisions/0014-promotion-rules.md). Every amount is a decimal string:
 * `depositAmount` whole LAK; FIXED values, caps and targets THB with two decimals; PERCENT values are percent
 * ("10", "12.5") and MULTIPLIER values a factor ("3", "1.5"), both with at most two decimals.
 */

/** A text in each interface language. */
export const ZPromotionTexts = z.object(
  Object.fromEntries(LANGUAGES.map((l) => [l, z.string().min(1).max(2000)])) as Record<
    (typeof LANGUAGES)[number],
    z.ZodString
  >,
);
export type TPromotionTexts = z.infer<typeof ZPromotionTexts>;

const THB = /^\d{1,10}(\.\d{1,2})?$/;
const FACTOR = /^\d{1,6}(\.\d{1,2})?$/;
const LAK = /^\d{1,13}$/;

export const BONUS_TYPES = ['FIXED', 'PERCENT'] as const;
export const TARGET_TYPES = ['FIXED', 'MULTIPLIER'] as const;
export const ZBonusType = z.enum(BONUS_TYPES);
export type TBonusType = z.infer<typeof ZBonusType>;

/** FIXED: THB; PERCENT: percent of the deposit's credit, capped at `max` THB when `max` is set. */
export const ZPromotionBonus = z.object({
  type: ZBonusType,
  value: z.string().regex(FACTOR),
  max: z.string().regex(THB).nullable(),
});
/** FIXED: the THB credit to exceed; MULTIPLIER: × (deposit credit + bonus). */
export const ZPromotionTarget = z.object({ type: z.enum(TARGET_TYPES), value: z.string().regex(FACTOR) });
/** FIXED: THB; PERCENT: percent of the credit the promotion deposit gave (credit + bonus). */
export const ZWithdrawLimit = z.object({ type: ZBonusType, value: z.string().regex(FACTOR) });
export const ZPromotionWithdraw = z.object({
  all: z.boolean(),
  min: ZWithdrawLimit.nullable(),
  max: ZWithdrawLimit.nullable(),
  deductBonus: z.boolean(),
});

/** What ops send to create or replace a promotion. */
export const ZPromotionInput = z.object({
  title: ZPromotionTexts,
  description: ZPromotionTexts,
  imageUrl: z.string().min(1).max(500),
  providers: z.array(z.enum(PROVIDERS)).min(1),
  depositAmount: z.string().regex(LAK),
  bonus: ZPromotionBonus,
  targetCredit: ZPromotionTarget,
  withdraw: ZPromotionWithdraw,
  firstOrderOnly: z.boolean(),
  oncePerPlayer: z.boolean(),
  startsAt: z.string().datetime({ offset: true }),
  endsAt: z.string().datetime({ offset: true }).nullable(),
  active: z.boolean(),
});
export type TPromotionInput = z.infer<typeof ZPromotionInput>;

export const ZPromotion = ZPromotionInput.extend({ id: z.string() });
export type TPromotion = z.infer<typeof ZPromotion>;

export const ZPromotionListResponse = z.object({ promotions: z.array(ZPromotion) });
export type TPromotionListResponse = z.infer<typeof ZPromotionListResponse>;
export const ZPromotionResponse = z.object({ promotion: ZPromotion });
export type TPromotionResponse = z.infer<typeof ZPromotionResponse>;
export const ZPromotionIdParams = z.object({ id: z.string().uuid() });

/** Usage states (domain.md); USED is labelled "in use". */
export const USAGE_STATUSES = ['ACTIVE', 'INACTIVE', 'SUCCESS', 'CANCELED', 'USED'] as const;
export const ZUsageStatus = z.enum(USAGE_STATUSES);
export type TUsageStatus = z.infer<typeof ZUsageStatus>;

/**
 * A player's usage of a promotion. `bonus` is "0.00" and `targetCredit` null until its deposit is credited
 * (USED). `title` is the promotion's, so history reads well after the promotion itself has ended.
 */
export const ZPromotionUsage = z.object({
  usageId: z.string(),
  promotionId: z.string(),
  title: ZPromotionTexts,
  provider: z.enum(PROVIDERS),
  status: ZUsageStatus,
  depositAmount: z.string(),
  bonus: z.string(),
  targetCredit: z.string().nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type TPromotionUsage = z.infer<typeof ZPromotionUsage>;

export const ZUsePromotionRequest = z.object({
  promotionId: z.string().min(1).max(64),
  providerId: z.string().min(1).max(32),
});
export type TUsePromotionRequest = z.infer<typeof ZUsePromotionRequest>;
export const ZCancelUsageRequest = z.object({ usageId: z.string().min(1).max(64) });
export type TCancelUsageRequest = z.infer<typeof ZCancelUsageRequest>;

export const ZUsageResponse = z.object({ usage: ZPromotionUsage });
export type TUsageResponse = z.infer<typeof ZUsageResponse>;
export const ZCurrentUsageResponse = z.object({ usage: ZPromotionUsage.nullable() });
export type TCurrentUsageResponse = z.infer<typeof ZCurrentUsageResponse>;
export const ZCancelUsageResponse = z.object({
  message: z.literal('cancel success'),
  usage: ZPromotionUsage,
});
export type TCancelUsageResponse = z.infer<typeof ZCancelUsageResponse>;
export const ZUsagePage = ZPage(ZPromotionUsage);
export type TUsagePage = z.infer<typeof ZUsagePage>;
