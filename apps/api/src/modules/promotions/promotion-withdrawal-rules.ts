import { formatMinor } from '@lc/shared/money';
import { splitWithdrawal } from '@lc/shared/promotion-rules';
import type { TProvider } from '@lc/shared/providers';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { promotionUsages } from '../../db/schema/promotions';
import type { WithdrawalRow } from '../../db/schema/withdrawals';
import { AppError } from '../../lib/app-error';
import { findLiveUsage, lockUsage } from './promotions-repository';
import { usageTermsOf } from './usage-rules';

/** How a withdrawal splits under the player's USED usage, and which usage it settles. */
export type WithdrawalPromotion = { usageId: string; creditReceived: bigint; creditReturned: bigint };

const REFUSALS = {
  PROMOTION_CREDIT_NOT_REACHED: [409, 'The credit has not yet passed the promotion target'],
  PROMOTION_WITHDRAW_ALL: [409, 'This promotion requires withdrawing all credit'],
  AMOUNT_OUT_OF_RANGE: [400, 'This promotion requires withdrawing more'],
} as const;

/**
 * The promotion rules of a withdrawal (domain.md; packages/shared/src/promotion-rules.ts): only a USED usage
 * on the withdrawal's provider applies, with the rules it copied when it was taken. Call it inside the
 * transaction that inserts the order: the usage row stays locked until the order that records the decision
 * exists, so a cancel of the same usage sees it (domain.md rule 5). Answers the split to store on the order,
 * null without such a usage, or throws the refusal. A usage whose cancel is under way is 409
 * TRANSFER_PENDING until it ends.
 */
export async function promotionForWithdrawal(
  tx: DbOrTx,
  playerId: string,
  provider: TProvider,
  request: { balance: bigint; credit: bigint },
): Promise<WithdrawalPromotion | null> {
  const live = await findLiveUsage(tx, playerId);
  if (!live || live.usage.provider !== provider || live.usage.status === 'ACTIVE') return null;
  const usage = await lockUsage(tx, live.usage.id);
  if (usage?.status === 'CANCELING') {
    throw new AppError(409, 'TRANSFER_PENDING', 'The promotion is being cancelled; try again shortly');
  }
  // Ended or cancelled since it was read: its rules no longer apply.
  if (usage?.status !== 'USED') return null;
  const target = usage.targetCredit ?? 0n;
  const split = splitWithdrawal(usageTermsOf(usage), {
    balance: request.balance,
    credit: request.credit,
    target,
    bonus: usage.bonus,
    received: (usage.credit ?? 0n) + usage.bonus,
  });
  if (!split.ok) {
    const [status, message] = REFUSALS[split.code];
    // The figures that block, so the refusal can name them (docs/decisions/0074): the target, the live
    // credit and, under the target, the least that must be added to pass it (it must be exceeded).
    const params: Record<string, string> = {
      target: formatMinor(target, 'THB'),
      current: formatMinor(request.balance, 'THB'),
    };
    if (split.code === 'PROMOTION_CREDIT_NOT_REACHED') {
      params.missing = formatMinor(target + 1n - request.balance, 'THB');
    }
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

/**
 * Inside the transaction that books a rejected withdrawal back: the usage it ended is USED again, with its
 * rules, as if the withdrawal never happened (domain.md Withdraw step 2). Only the usage this very withdrawal
 * ended moves, so a replay changes nothing. `use` refuses a new usage while such a withdrawal is unsettled;
 * one taken before that rule existed keeps the slot (one live usage per player) and this one stays SUCCESS.
 */
export async function reopenUsageByRejection(tx: DbOrTx, order: WithdrawalRow, now: Date): Promise<void> {
  if (!order.promotionUsageId) return;
  if (await findLiveUsage(tx, order.playerId)) return;
  await tx
    .update(promotionUsages)
    .set({ status: 'USED', withdrawalCode: null, endedAt: null, updatedAt: now })
    .where(
      and(
        eq(promotionUsages.id, order.promotionUsageId),
        eq(promotionUsages.status, 'SUCCESS'),
        eq(promotionUsages.withdrawalCode, order.code),
      ),
    );
}
