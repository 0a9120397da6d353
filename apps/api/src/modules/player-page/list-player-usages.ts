import type { TPageQuery } from '@lc/shared/contracts/common';
import type { TOpsPromotionUsage } from '@lc/shared/contracts/ops-player-page';
import { formatMinor } from '@lc/shared/money';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { promotionUsages } from '../../db/schema/promotions';

const thb = (value: bigint | null) => (value === null ? null : formatMinor(value, 'THB'));

/** The player's promotion usages in every state, newest first (index on player and time). */
export async function listPlayerUsages(
  db: Db,
  playerId: string,
  page: TPageQuery,
): Promise<{ items: TOpsPromotionUsage[]; total: number }> {
  const where = eq(promotionUsages.playerId, playerId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(promotionUsages)
      .where(where)
      .orderBy(desc(promotionUsages.createdAt), desc(promotionUsages.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: count() }).from(promotionUsages).where(where),
  ]);
  const items = rows.map((u) => ({
    id: u.id,
    promotionId: u.promotionId,
    provider: u.provider,
    status: u.status,
    depositAmount: formatMinor(u.depositAmount, 'LAK'),
    depositCode: u.depositCode,
    credit: thb(u.credit),
    bonus: formatMinor(u.bonus, 'THB'),
    targetCredit: thb(u.targetCredit),
    withdrawalCode: u.withdrawalCode,
    createdAt: u.createdAt.toISOString(),
    usedAt: u.usedAt?.toISOString() ?? null,
    endedAt: u.endedAt?.toISOString() ?? null,
  }));
  return { items, total: total?.value ?? 0 };
}
