import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AgencyRow } from '../../db/schema/agency';
import type { PlayerRow } from '../../db/schema/players';
import { type PromotionUsageRow, promotionUsages, type TUsageRowStatus } from '../../db/schema/promotions';
import { getPlayerCredit } from '../credits/get-player-credit';
import { hasUnfinishedDeposit } from './has-unfinished-deposit';
import { isPromotionOpen } from './promotion-mapping';
import { findLiveUsage, lockUsage, type UsageWithPromotion } from './promotions-repository';

/**
 * `recheck` (domain.md): a USED usage whose provider credit fell below the agency threshold has run its
 * course → INACTIVE; an ACTIVE one whose promotion ended (deactivated or past its dates) and has no deposit
 * on the way → INACTIVE. Answers the player's live usage as it stands afterwards, or null without one.
 */
export async function recheckUsage(
  app: FastifyInstance,
  agency: AgencyRow,
  player: PlayerRow,
): Promise<UsageWithPromotion | null> {
  const live = await findLiveUsage(app.db, player.id);
  if (!live) return null;
  const { usage, promotion } = live;
  if (usage.status === 'USED') {
    const owner = { agencyId: agency.id, agencyCode: agency.code, playerId: player.id };
    const credit = await getPlayerCredit(app.db, app.providers.of(agency.id, usage.provider), owner, app.log);
    if (credit >= agency.promotionThresholdSatang) return live;
    return { usage: await endUsage(app, usage, 'USED'), promotion };
  }
  if (usage.status === 'ACTIVE' && !isPromotionOpen(promotion, app.now())) {
    return { usage: await endIdleActiveUsage(app, usage), promotion };
  }
  return live;
}

/**
 * ACTIVE → INACTIVE under the usage row lock, unless a deposit made for it is OPEN, PAID or FAILED (its bonus
 * is on the way or waits for staff; deposit creation takes the same lock, so the two cannot cross).
 */
async function endIdleActiveUsage(
  app: FastifyInstance,
  usage: PromotionUsageRow,
): Promise<PromotionUsageRow> {
  const now = app.now();
  return app.db.transaction(async (tx) => {
    const locked = await lockUsage(tx, usage.id);
    if (locked?.status !== 'ACTIVE') return locked ?? usage;
    if (await hasUnfinishedDeposit(tx, usage.id)) return locked;
    const [ended] = await tx
      .update(promotionUsages)
      .set({ status: 'INACTIVE', endedAt: now, updatedAt: now })
      .where(eq(promotionUsages.id, usage.id))
      .returning();
    return ended ?? locked;
  });
}

/** `from` → INACTIVE, guarded: a usage that moved on meanwhile is answered as it is now. */
export async function endUsage(
  app: FastifyInstance,
  usage: PromotionUsageRow,
  from: TUsageRowStatus,
): Promise<PromotionUsageRow> {
  const now = app.now();
  const [ended] = await app.db
    .update(promotionUsages)
    .set({ status: 'INACTIVE', endedAt: now, updatedAt: now })
    .where(and(eq(promotionUsages.id, usage.id), eq(promotionUsages.status, from)))
    .returning();
  if (ended) return ended;
  const [current] = await app.db.select().from(promotionUsages).where(eq(promotionUsages.id, usage.id));
  return current ?? usage;
}
