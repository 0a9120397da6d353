import { formatMinor } from '@lc/shared/money';
import { splitWithdrawal } from '@lc/shared/promotion-rules';
import type { TProvider } from '@lc/shared/providers';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { promotionUsages } from '../../db/schema/promotions';
import type { WithdrawalRow } from '../../db/schema/withdrawals';
import { AppError } from '../../lib/app-error';
import { termsOf } from './promotion-mapping';
import { findLiveUsage } from './promotions-repository';

/** How a withdrawal splits under the player's USED usage, and which usage it settles. */
export type WithdrawalPromotion = { usageId: string; creditReceived: bigint; creditReturned: bigint };

const REFUSALS = {
  PROMOTION_CREDIT_NOT_REACHED: [409, 'The credit has not yet passed the promotion target'],
  PROMOTION_WITHDRAW_ALL: [409, 'This promotion requires withdrawing all credit'],
  AMOUNT_OUT_OF_RANGE: [400, 'This promotion requires withdrawing more'],
} as const;

/**
 * The promotion rules of a withdrawal (domain.md; packages/shared/src/promotion-rules.ts): only a USED usage
 * on the withdrawal's provider applies. Answers the split to store on the order, null without such a usage,
 * or throws the refusal. A usage whose cancel is under way is 409 TRANSFER_PENDING until it ends.
 */
export async function promotionForWithdrawal(
  db: DbOrTx,
  playerId: string,
  provider: TProvider,
  request: { balance: bigint; credit: bigint },
): Promise<WithdrawalPromotion | null> {
  const live = await findLiveUsage(db, playerId);
  if (!live || live.usage.provider !== provider || live.usage.status === 'ACTIVE') return null;
  const { usage, promotion } = live;
  if (usage.status === 'CANCELING') {
    throw new AppError(409, 'TRANSFER_PENDING', 'The promotion is being cancelled; try again shortly');
  }
  const target = usage.targetCredit ?? 0n;
  const split = splitWithdrawal(termsOf(promotion), {
    balance: request.balance,
    credit: request.credit,
    target,
    bonus: usage.bonus,
    received: (usage.credit ?? 0n) + usage.bonus,
  });
  if (!split.ok) {
    const [status, message] = REFUSALS[split.code];
    const params: Record<string, string> = { target: formatMinor(target, 'THB') };
    if (split.min !== undefined) params.min = formatMinor(split.min, 'THB');
    throw new AppError(status, split.code, message, undefined, undefined, params);
  }
  return { usageId: usage.id, creditReceived: split.creditReceived, creditReturned: split.creditReturned };
}

/**
 * Inside the transaction that books the credit out: the usage whose rules the withdrawal met ends SUCCESS.
 * Guarded on USED, so a replay (or a usage cancelled meanwhile) changes nothing.
 */
export async function settleUsageByWithdrawal(tx: DbOrTx, order: WithdrawalRow, now: Date): Promise<void> {
  if (!order.promotionUsageId) return;
  await tx
    .update(promotionUsages)
    .set({ status: 'SUCCESS', withdrawalCode: order.code, endedAt: now, updatedAt: now })
    .where(and(eq(promotionUsages.id, order.promotionUsageId), eq(promotionUsages.status, 'USED')));
}
