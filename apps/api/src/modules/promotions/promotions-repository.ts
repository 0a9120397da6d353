import type { TPageQuery } from '@lc/shared/contracts/common';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import {
  LIVE_USAGE_STATUSES,
  type PromotionRow,
  type PromotionUsageRow,
  promotions,
  promotionUsages,
} from '../../db/schema/promotions';
import { isUuid } from '../../lib/is-uuid';

/** A promotion of the agency by id (any state), or null; a malformed id is simply not found. */
export async function findPromotion(db: DbOrTx, agencyId: string, id: string): Promise<PromotionRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.agencyId, agencyId)));
  return row ?? null;
}

/** The promotions players can take now: active and within their dates, in display order. */
export async function listOpenPromotions(db: DbOrTx, agencyId: string, now: Date): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.agencyId, agencyId),
        eq(promotions.active, true),
        lte(promotions.startsAt, now),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
      ),
    )
    .orderBy(asc(promotions.sortOrder), desc(promotions.createdAt));
}

export type UsageWithPromotion = { usage: PromotionUsageRow; promotion: PromotionRow };

const selectLiveUsage = preparedStatement('find_live_usage', (db) =>
  db
    .select({ usage: promotionUsages, promotion: promotions })
    .from(promotionUsages)
    .innerJoin(promotions, eq(promotions.id, promotionUsages.promotionId))
    .where(
      and(
        eq(promotionUsages.playerId, sql.placeholder('playerId')),
        inArray(promotionUsages.status, [...LIVE_USAGE_STATUSES]),
      ),
    ),
);

/** The player's live usage (ACTIVE, USED or CANCELING; at most one) with its promotion, or null. */
export async function findLiveUsage(db: DbOrTx, playerId: string): Promise<UsageWithPromotion | null> {
  const [row] = await selectLiveUsage(db, { playerId });
  return row ?? null;
}

/** The player's own usage by id with its promotion, or null (someone else's reads as missing: 404). */
export async function findOwnUsage(
  db: DbOrTx,
  playerId: string,
  usageId: string,
): Promise<UsageWithPromotion | null> {
  if (!isUuid(usageId)) return null;
  const [row] = await db
    .select({ usage: promotionUsages, promotion: promotions })
    .from(promotionUsages)
    .innerJoin(promotions, eq(promotions.id, promotionUsages.promotionId))
    .where(and(eq(promotionUsages.id, usageId), eq(promotionUsages.playerId, playerId)));
  return row ?? null;
}

/** Locks a usage row for the rest of the transaction (`SELECT … FOR UPDATE`). */
export async function lockUsage(tx: DbOrTx, usageId: string): Promise<PromotionUsageRow | null> {
  const [row] = await tx.select().from(promotionUsages).where(eq(promotionUsages.id, usageId)).for('update');
  return row ?? null;
}

/** True when the player already had this promotion's bonus once (`oncePerPlayer`). */
export async function hasUsedPromotion(db: DbOrTx, playerId: string, promotionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: promotionUsages.id })
    .from(promotionUsages)
    .where(
      and(
        eq(promotionUsages.promotionId, promotionId),
        eq(promotionUsages.playerId, playerId),
        isNotNull(promotionUsages.usedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A page of the player's usages, newest first, each with its promotion. */
export async function listUsages(
  db: DbOrTx,
  playerId: string,
  page: TPageQuery,
): Promise<{ rows: UsageWithPromotion[]; total: number }> {
  const rows = await db
    .select({ usage: promotionUsages, promotion: promotions })
    .from(promotionUsages)
    .innerJoin(promotions, eq(promotions.id, promotionUsages.promotionId))
    .where(eq(promotionUsages.playerId, playerId))
    .orderBy(desc(promotionUsages.createdAt), desc(promotionUsages.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db
    .select({ value: count() })
    .from(promotionUsages)
    .where(eq(promotionUsages.playerId, playerId));
  return { rows, total: total?.value ?? 0 };
}
