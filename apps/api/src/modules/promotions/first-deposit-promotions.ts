import type { DbOrTx } from '../../db/client';
import type { PromotionRow } from '../../db/schema/promotions';
import { hasDepositHistory } from './has-deposit-history';
import { hasUsedPromotion, listOpenPromotions } from './promotions-repository';

/**
 * The first-deposit promotions (`firstOrderOnly`) the player may still take, for the deposit page to offer
 * where a first deposit starts (docs/decisions/0074): none once the player, or a player sharing one of its
 * devices, has deposited (`use` would refuse PROMOTION_ONLY_FOR_FIRST_ORDER), nor one used already when it
 * is once per player.
 */
export async function listFirstDepositPromotions(
  db: DbOrTx,
  agencyId: string,
  playerId: string,
  now: Date,
): Promise<PromotionRow[]> {
  const open = (await listOpenPromotions(db, agencyId, now)).filter((row) => row.firstOrderOnly);
  if (open.length === 0 || (await hasDepositHistory(db, agencyId, playerId))) return [];
  const offered: PromotionRow[] = [];
  for (const row of open) {
    if (!row.oncePerPlayer || !(await hasUsedPromotion(db, playerId, row.id))) offered.push(row);
  }
  return offered;
}
