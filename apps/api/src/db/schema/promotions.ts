import type { TPromotionTexts } from '@lc/shared/contracts/promotions';
import type { TScaledKind } from '@lc/shared/promotion-rules';
import type { TProvider } from '@lc/shared/providers';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agencies } from './agency';
import { players } from './players';

/**
 * A promotion (domain.md, Promotions). Figures are integers scaled by 100 (packages/shared/src/promotion-rules.ts):
 * THB in satang, percentages in hundredths of a percent, multipliers in hundredths; `deposit_amount` whole kip.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    title: jsonb('title').$type<TPromotionTexts>().notNull(),
    description: jsonb('description').$type<TPromotionTexts>().notNull(),
    imageUrl: text('image_url').notNull(),
    providers: jsonb('providers').$type<TProvider[]>().notNull(),
    depositAmount: bigint('deposit_amount', { mode: 'bigint' }).notNull(),
    bonusType: text('bonus_type').$type<TScaledKind>().notNull(),
    bonusValue: bigint('bonus_value', { mode: 'bigint' }).notNull(),
    bonusMax: bigint('bonus_max', { mode: 'bigint' }),
    targetType: text('target_type').$type<'FIXED' | 'MULTIPLIER'>().notNull(),
    targetValue: bigint('target_value', { mode: 'bigint' }).notNull(),
    withdrawAll: boolean('withdraw_all').notNull(),
    withdrawMinType: text('withdraw_min_type').$type<TScaledKind>(),
    withdrawMinValue: bigint('withdraw_min_value', { mode: 'bigint' }),
    withdrawMaxType: text('withdraw_max_type').$type<TScaledKind>(),
    withdrawMaxValue: bigint('withdraw_max_value', { mode: 'bigint' }),
    deductBonus: boolean('deduct_bonus').notNull(),
    firstOrderOnly: boolean('first_order_only').notNull(),
    oncePerPlayer: boolean('once_per_player').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull(),
    // Order of the cards in the list (lower first), then newest first.
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('promotions_agency_idx').on(t.agencyId, t.active),
    check(
      'promotions_figures_ck',
      sql`${t.depositAmount} > 0 AND ${t.bonusValue} >= 0 AND ${t.targetValue} >= 0
        AND ${t.bonusType} IN ('FIXED', 'PERCENT') AND ${t.targetType} IN ('FIXED', 'MULTIPLIER')`,
    ),
  ],
);

export type PromotionRow = typeof promotions.$inferSelect;
export type NewPromotionRow = typeof promotions.$inferInsert;

/**
 * Internal usage states. The player sees CANCELING as USED: a cancel of a USED usage is taking the bonus back
 * from the provider (reference `<usage id>:cancel`) and its answer is not booked yet.
 */
export const USAGE_ROW_STATUSES = ['ACTIVE', 'USED', 'CANCELING', 'SUCCESS', 'INACTIVE', 'CANCELED'] as const;
export type TUsageRowStatus = (typeof USAGE_ROW_STATUSES)[number];
/** The states that hold the player's one promotion slot. */
export const LIVE_USAGE_STATUSES = ['ACTIVE', 'USED', 'CANCELING'] as const;

export const promotionUsages = pgTable(
  'promotion_usages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotions.id),
    provider: text('provider').$type<TProvider>().notNull(),
    status: text('status').$type<TUsageRowStatus>().notNull(),
    // Copied from the promotion when taken: later edits by ops do not change a usage under way (rule 5).
    depositAmount: bigint('deposit_amount', { mode: 'bigint' }).notNull(),
    targetType: text('target_type').$type<'FIXED' | 'MULTIPLIER'>().notNull(),
    targetValue: bigint('target_value', { mode: 'bigint' }).notNull(),
    withdrawAll: boolean('withdraw_all').notNull(),
    withdrawMinType: text('withdraw_min_type').$type<TScaledKind>(),
    withdrawMinValue: bigint('withdraw_min_value', { mode: 'bigint' }),
    withdrawMaxType: text('withdraw_max_type').$type<TScaledKind>(),
    withdrawMaxValue: bigint('withdraw_max_value', { mode: 'bigint' }),
    deductBonus: boolean('deduct_bonus').notNull(),
    // Set when its deposit is credited (USED): the deposit, the credit it gave, the bonus and the fixed target.
    depositCode: text('deposit_code'),
    credit: bigint('credit', { mode: 'bigint' }),
    bonus: bigint('bonus', { mode: 'bigint' }).notNull().default(sql`0`),
    targetCredit: bigint('target_credit', { mode: 'bigint' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    // What a cancel of a USED usage takes back (the unspent bonus), fixed before the provider is asked.
    takeBack: bigint('take_back', { mode: 'bigint' }),
    // The withdrawal that met the rules (SUCCESS).
    withdrawalCode: text('withdrawal_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One promotion at a time: the database, not a read-then-write check, is the guard.
    uniqueIndex('promotion_usages_one_live_per_player_uq')
      .on(t.playerId)
      .where(sql`${t.status} IN ('ACTIVE', 'USED', 'CANCELING')`),
    index('promotion_usages_player_idx').on(t.playerId, t.createdAt),
    index('promotion_usages_promotion_player_idx').on(t.promotionId, t.playerId),
    check(
      'promotion_usages_status_ck',
      sql`${t.status} IN ('ACTIVE', 'USED', 'CANCELING', 'SUCCESS', 'INACTIVE', 'CANCELED')`,
    ),
    check('promotion_usages_amounts_ck', sql`${t.bonus} >= 0 AND coalesce(${t.takeBack}, 0) >= 0`),
  ],
);

export type PromotionUsageRow = typeof promotionUsages.$inferSelect;
