import type { PromotionTerms } from '@lc/shared/promotion-rules';
import type { PromotionRow, PromotionUsageRow } from '../../db/schema/promotions';

/** The rules a usage copies from its promotion when it is taken (domain.md rule 5). */
export type UsageRules = Pick<
  PromotionUsageRow,
  | 'targetType'
  | 'targetValue'
  | 'withdrawAll'
  | 'withdrawMinType'
  | 'withdrawMinValue'
  | 'withdrawMaxType'
  | 'withdrawMaxValue'
  | 'deductBonus'
>;

/**
 * The promotion's target and withdraw rules as they are now, to store on a new usage: an ops edit made later
 * must not move the goal or the payout of a player who already took the promotion.
 */
export function usageRulesOf(promotion: PromotionRow): UsageRules {
  return {
    targetType: promotion.targetType,
    targetValue: promotion.targetValue,
    withdrawAll: promotion.withdrawAll,
    withdrawMinType: promotion.withdrawMinType,
    withdrawMinValue: promotion.withdrawMinValue,
    withdrawMaxType: promotion.withdrawMaxType,
    withdrawMaxValue: promotion.withdrawMaxValue,
    deductBonus: promotion.deductBonus,
  };
}

/** The usage's own copy of the rules, for packages/shared/src/promotion-rules.ts. */
export function usageTermsOf(usage: UsageRules): Pick<PromotionTerms, 'target' | 'withdraw'> {
  return {
    target: { type: usage.targetType, value: usage.targetValue },
    withdraw: {
      all: usage.withdrawAll,
      min:
        usage.withdrawMinType && usage.withdrawMinValue !== null
          ? { type: usage.withdrawMinType, value: usage.withdrawMinValue }
          : null,
      max:
        usage.withdrawMaxType && usage.withdrawMaxValue !== null
          ? { type: usage.withdrawMaxType, value: usage.withdrawMaxValue }
          : null,
      deductBonus: usage.deductBonus,
    },
  };
}
