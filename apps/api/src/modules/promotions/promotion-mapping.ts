import type { TPromotion, TPromotionInput, TPromotionUsage } from '@lc/shared/contracts/promotions';
import { formatMinor, parseMoney } from '@lc/shared/money';
import { formatScaled, type PromotionTerms, parseScaled } from '@lc/shared/promotion-rules';
import type {
  NewPromotionRow,
  PromotionRow,
  PromotionUsageRow,
  TUsageRowStatus,
} from '../../db/schema/promotions';

/** The promotion as the API shows it (players and ops alike: nothing in it is secret). */
export function toPromotionDto(row: PromotionRow): TPromotion {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    providers: row.providers,
    depositAmount: formatMinor(row.depositAmount, 'LAK'),
    bonus: {
      type: row.bonusType,
      value: formatScaled(row.bonusValue),
      max: row.bonusMax === null ? null : formatScaled(row.bonusMax),
    },
    targetCredit: { type: row.targetType, value: formatScaled(row.targetValue) },
    withdraw: {
      all: row.withdrawAll,
      min:
        row.withdrawMinType && row.withdrawMinValue !== null
          ? { type: row.withdrawMinType, value: formatScaled(row.withdrawMinValue) }
          : null,
      max:
        row.withdrawMaxType && row.withdrawMaxValue !== null
          ? { type: row.withdrawMaxType, value: formatScaled(row.withdrawMaxValue) }
          : null,
      deductBonus: row.deductBonus,
    },
    firstOrderOnly: row.firstOrderOnly,
    oncePerPlayer: row.oncePerPlayer,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    active: row.active,
  };
}

/** The columns an ops create or update writes (validated input; figures parsed exactly). */
export function toPromotionValues(
  input: TPromotionInput,
): Omit<NewPromotionRow, 'id' | 'agencyId' | 'createdAt' | 'updatedAt'> {
  return {
    title: input.title,
    description: input.description,
    imageUrl: input.imageUrl,
    providers: [...new Set(input.providers)],
    depositAmount: parseMoney(input.depositAmount, 'LAK'),
    bonusType: input.bonus.type,
    bonusValue: parseScaled(input.bonus.value),
    bonusMax: input.bonus.max === null ? null : parseScaled(input.bonus.max),
    targetType: input.targetCredit.type,
    targetValue: parseScaled(input.targetCredit.value),
    withdrawAll: input.withdraw.all,
    withdrawMinType: input.withdraw.min?.type ?? null,
    withdrawMinValue: input.withdraw.min ? parseScaled(input.withdraw.min.value) : null,
    withdrawMaxType: input.withdraw.max?.type ?? null,
    withdrawMaxValue: input.withdraw.max ? parseScaled(input.withdraw.max.value) : null,
    deductBonus: input.withdraw.deductBonus,
    firstOrderOnly: input.firstOrderOnly,
    oncePerPlayer: input.oncePerPlayer,
    startsAt: new Date(input.startsAt),
    endsAt: input.endsAt === null ? null : new Date(input.endsAt),
    active: input.active,
  };
}

/** The rule figures of a promotion, for packages/shared/src/promotion-rules.ts. */
export function termsOf(row: PromotionRow): PromotionTerms {
  return {
    bonus: { type: row.bonusType, value: row.bonusValue, max: row.bonusMax },
    target: { type: row.targetType, value: row.targetValue },
    withdraw: {
      all: row.withdrawAll,
      min:
        row.withdrawMinType && row.withdrawMinValue !== null
          ? { type: row.withdrawMinType, value: row.withdrawMinValue }
          : null,
      max:
        row.withdrawMaxType && row.withdrawMaxValue !== null
          ? { type: row.withdrawMaxType, value: row.withdrawMaxValue }
          : null,
      deductBonus: row.deductBonus,
    },
  };
}

/** True while players can take the promotion: active and within its dates. */
export function isPromotionOpen(row: PromotionRow, now: Date): boolean {
  return row.active && row.startsAt <= now && (row.endsAt === null || row.endsAt > now);
}

/** CANCELING is internal (the bonus is being taken back): the player still sees USED. */
const PUBLIC_STATUS: Record<TUsageRowStatus, TPromotionUsage['status']> = {
  ACTIVE: 'ACTIVE',
  USED: 'USED',
  CANCELING: 'USED',
  SUCCESS: 'SUCCESS',
  INACTIVE: 'INACTIVE',
  CANCELED: 'CANCELED',
};

export function toUsageDto(row: PromotionUsageRow, promotion: Pick<PromotionRow, 'title'>): TPromotionUsage {
  return {
    usageId: row.id,
    promotionId: row.promotionId,
    title: promotion.title,
    provider: row.provider,
    status: PUBLIC_STATUS[row.status],
    depositAmount: formatMinor(row.depositAmount, 'LAK'),
    bonus: formatMinor(row.bonus, 'THB'),
    targetCredit: row.targetCredit === null ? null : formatMinor(row.targetCredit, 'THB'),
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}
