import { bonusFor, targetFor } from '@lc/shared/promotion-rules';
import type { TProvider } from '@lc/shared/providers';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import type { DepositRow } from '../../db/schema/deposits';
import type { PlayerRow } from '../../db/schema/players';
import { type PromotionUsageRow, promotionUsages } from '../../db/schema/promotions';
import { AppError } from '../../lib/app-error';
import { getPlayerCredit } from '../credits/get-player-credit';
import { hasUnfinishedDeposit } from './has-unfinished-deposit';
import { isPromotionOpen, termsOf } from './promotion-mapping';
import { lockUsage, type UsageWithPromotion } from './promotions-repository';
import { endUsage } from './recheck-usage';
import { usageTermsOf } from './usage-rules';
import { creditUsed } from './use-promotion';

/** The ACTIVE usage a new deposit fulfils and the bonus it earns. */
export type DepositPromotion = { usage: PromotionUsageRow; bonus: bigint };

/**
 * The promotion rules of a new deposit (domain.md; docs/decisions/0014-promotion-rules.md). A USED usage
 * needs its provider's credit below the threshold (`PROMOTION_CREDIT_USED`), and then has run out
 * (INACTIVE). An ACTIVE usage on the deposit's provider takes one deposit: while one made for it is OPEN,
 * PAID or FAILED another is 409 `OPEN_ORDER` (rule 4); otherwise it needs the exact amount
 * (`PROMOTION_AMOUNT_MISMATCH`) and gives the bonus, unless its promotion has ended. Answers the usage
 * to link, or null for an ordinary deposit. The caller links it under {@link lockActiveUsage}. `live` is the
 * player's live usage as the caller has just read it (findLiveUsage).
 */
export async function promotionForDeposit(
  app: FastifyInstance,
  agency: AgencyRow,
  player: PlayerRow,
  deposit: { provider: TProvider; amount: bigint; credit: bigint },
  live: UsageWithPromotion | null,
): Promise<DepositPromotion | null> {
  if (!live) return null;
  const { usage, promotion } = live;
  if (usage.status === 'USED' || usage.status === 'CANCELING') {
    const owner = { agencyId: agency.id, agencyCode: agency.code, playerId: player.id };
    const credit = await getPlayerCredit(app.db, app.providers.of(agency.id, usage.provider), owner, app.log);
    if (credit >= agency.promotionThresholdSatang) {
      throw creditUsed(agency.promotionThresholdSatang, { provider: usage.provider, credit });
    }
    if (usage.status === 'USED') await endUsage(app, usage, 'USED');
    return null;
  }
  if (usage.provider !== deposit.provider) return null;
  // A FAILED deposit may still be completed by staff with this usage's bonus: a second one would pay it twice.
  if (await hasUnfinishedDeposit(app.db, usage.id)) {
    throw new AppError(409, 'OPEN_ORDER', "The promotion's deposit is not finished yet; contact staff");
  }
  if (deposit.amount !== usage.depositAmount) {
    throw new AppError(
      400,
      'PROMOTION_AMOUNT_MISMATCH',
      `With this promotion the deposit must be exactly ${usage.depositAmount} LAK`,
    );
  }
  if (!isPromotionOpen(promotion, app.now())) return null;
  return { usage, bonus: bonusFor(termsOf(promotion), deposit.credit) };
}

/**
 * Inside the deposit's insert transaction: locks the usage and confirms it is still ACTIVE, so a cancel that
 * won the race makes this an ordinary deposit, and a cancel that comes later sees the linked deposit.
 */
export async function lockActiveUsage(tx: DbOrTx, usageId: string): Promise<boolean> {
  const locked = await lockUsage(tx, usageId);
  return locked?.status === 'ACTIVE';
}

/**
 * Inside the transaction that books a credited deposit: its ACTIVE usage becomes USED with the credit, the
 * bonus and the target fixed (MULTIPLIER of credit + bonus) by the rules the usage copied when it was taken.
 * Idempotent: only an ACTIVE usage moves.
 */
export async function markUsageUsed(tx: DbOrTx, deposit: DepositRow, now: Date): Promise<void> {
  if (!deposit.promotionUsageId) return;
  const usage = await lockUsage(tx, deposit.promotionUsageId);
  if (usage?.status !== 'ACTIVE') return;
  await tx
    .update(promotionUsages)
    .set({
      status: 'USED',
      depositCode: deposit.code,
      credit: deposit.credit,
      bonus: deposit.bonus,
      targetCredit: targetFor(usageTermsOf(usage), deposit.credit, deposit.bonus),
      usedAt: now,
      updatedAt: now,
    })
    .where(eq(promotionUsages.id, usage.id));
}
