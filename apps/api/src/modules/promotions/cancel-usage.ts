import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AgencyRow } from '../../db/schema/agency';
import type { PlayerRow } from '../../db/schema/players';
import { type PromotionUsageRow, promotionUsages } from '../../db/schema/promotions';
import { AppError } from '../../lib/app-error';
import { refusalError } from '../withdrawals/refusal-error';
import { hasUnfinishedDeposit } from './has-unfinished-deposit';
import { findOwnUsage, lockUsage, type UsageWithPromotion } from './promotions-repository';
import { claimTakeBack, finishTakeBack } from './take-back-bonus';

// A player who spends between our balance read and the transfer makes the provider refuse it; read again.
const TAKE_BACK_ATTEMPTS = 3;

/**
 * The player cancels a usage (docs/decisions/0014-promotion-rules.md, 0020-usage-decisions.md). ACTIVE →
 * CANCELED unless a deposit made for it is OPEN, PAID or FAILED (rule 4). USED → claimed (CANCELING) under
 * the usage row lock, unless a withdrawal under it is unsettled (rule 5); the unspent bonus
 * (min(bonus, live balance)) is fixed on the row, taken out of the provider under `<usage id>:cancel`,
 * booked back to the bonus account, then CANCELED. A CANCELING usage (lost answer) is resumed with the same
 * reference and amount. Other states → 409.
 */
export async function cancelUsage(
  app: FastifyInstance,
  agency: AgencyRow,
  player: PlayerRow,
  usageId: string,
): Promise<UsageWithPromotion> {
  const found = await findOwnUsage(app.db, player.id, usageId);
  if (!found) throw new AppError(404, 'NOT_FOUND', 'No such promotion usage');
  const { promotion } = found;
  let usage = found.usage;
  if (usage.status === 'ACTIVE') return { usage: await cancelActive(app, usage), promotion };
  if (usage.status !== 'USED' && usage.status !== 'CANCELING') throw notCancelable();

  for (let attempt = 1; usage.status === 'USED' || usage.status === 'CANCELING'; attempt++) {
    if (attempt > TAKE_BACK_ATTEMPTS) throw refusalError('INSUFFICIENT_BALANCE');
    if (usage.status === 'USED') usage = await claimTakeBack(app, usage.id);
    if (usage.status === 'CANCELING') usage = await finishTakeBack(app, agency, usage);
  }
  if (usage.status !== 'CANCELED') throw notCancelable();
  return { usage, promotion };
}

async function cancelActive(app: FastifyInstance, usage: PromotionUsageRow): Promise<PromotionUsageRow> {
  const now = app.now();
  return app.db.transaction(async (tx) => {
    const locked = await lockUsage(tx, usage.id);
    if (locked?.status !== 'ACTIVE') throw notCancelable();
    // Its deposit is on the way, or paid and FAILED (staff may still complete it): cancelling now would
    // leave a bonus paid for a usage that no longer exists.
    if (await hasUnfinishedDeposit(tx, usage.id)) {
      throw new AppError(409, 'OPEN_ORDER', 'A deposit of this promotion is open or waiting for staff');
    }
    const [canceled] = await tx
      .update(promotionUsages)
      .set({ status: 'CANCELED', endedAt: now, updatedAt: now })
      .where(eq(promotionUsages.id, usage.id))
      .returning();
    return canceled as PromotionUsageRow;
  });
}

function notCancelable(): AppError {
  return new AppError(409, 'PROMOTION_USAGE', 'This promotion usage can no longer be cancelled');
}
