import type { TUsePromotionRequest } from '@lc/shared/contracts/promotions';
import { formatMinor } from '@lc/shared/money';
import type { TProvider } from '@lc/shared/providers';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type DbOrTx, isUniqueViolation } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import { type PlayerRow, players } from '../../db/schema/players';
import { type PromotionUsageRow, promotionUsages } from '../../db/schema/promotions';
import { AppError } from '../../lib/app-error';
import { hasBankAccount } from '../bank/bank-accounts-repository';
import { gameProviderOf } from '../credits/game-provider-of';
import { getPlayerCredit } from '../credits/get-player-credit';
import { listOpenDeposits } from '../deposits/deposits-repository';
import { listOpenWithdrawals } from '../withdrawals/withdrawals-repository';
import { hasDepositHistory } from './has-deposit-history';
import { isPromotionOpen } from './promotion-mapping';
import {
  findLiveUsage,
  findPromotion,
  hasUsedPromotion,
  type UsageWithPromotion,
} from './promotions-repository';
import { usageRulesOf } from './usage-rules';

const LIVE_UQ = 'promotion_usages_one_live_per_player_uq';

/**
 * Takes a promotion (domain.md: `use`). Refuses in the order domain.md gives: blocked, no bank account,
 * promotion not open or not for this provider, another live usage, an OPEN deposit (or a withdrawal that
 * ended a usage and is not settled: a staff reject puts that usage back in use), first order only, once per
 * player, credit at or above the threshold. The insert then runs under the player row lock and the
 * one-live-usage index, so parallel calls create exactly one usage. The usage copies the promotion's target
 * and withdraw rules (domain.md rule 5).
 */
export async function usePromotion(
  app: FastifyInstance,
  agency: AgencyRow,
  player: PlayerRow,
  input: TUsePromotionRequest,
): Promise<UsageWithPromotion> {
  const { db } = app;
  if (player.blockedAt !== null) {
    throw new AppError(403, 'PLAYER_BLOCKED', 'This account is blocked from receiving promotions');
  }
  if (!(await hasBankAccount(db, player.id))) {
    throw new AppError(400, 'BANK_ACCOUNT_REQUIRED', 'Add a bank account to receive a promotion');
  }
  const provider = gameProviderOf(app, agency.id, input.providerId);
  const promotion = await findPromotion(db, agency.id, input.promotionId);
  if (
    !promotion ||
    !isPromotionOpen(promotion, app.now()) ||
    !promotion.providers.includes(provider.provider)
  ) {
    throw new AppError(409, 'PROMOTION_INACTIVE', 'This promotion is not active');
  }
  const live = await findLiveUsage(db, player.id);
  if (live) throw oneAtATime(live.usage, provider.provider);
  if ((await listOpenDeposits(db, player.id)).length > 0) throw openOrder();
  if (await hasPromotionWithdrawalOpen(db, player.id)) throw withdrawalOpen();
  if (promotion.firstOrderOnly && (await hasDepositHistory(db, agency.id, player.id))) {
    throw new AppError(409, 'PROMOTION_ONLY_FOR_FIRST_ORDER', 'This promotion is for the first order only');
  }
  if (promotion.oncePerPlayer && (await hasUsedPromotion(db, player.id, promotion.id))) {
    throw new AppError(409, 'PROMOTION_ALREADY_USED', 'This promotion is already used');
  }
  const owner = { agencyId: agency.id, agencyCode: agency.code, playerId: player.id };
  const credit = await getPlayerCredit(db, provider, owner, app.log);
  if (credit >= agency.promotionThresholdSatang) {
    throw creditUsed(agency.promotionThresholdSatang, { provider: provider.provider, credit });
  }

  const now = app.now();
  try {
    const usage = await db.transaction(async (tx) => {
      // Serialises this player's `use` calls: the checks below see any usage a parallel call just made.
      await tx.select({ id: players.id }).from(players).where(eq(players.id, player.id)).for('update');
      const raced = await findLiveUsage(tx, player.id);
      if (raced) throw oneAtATime(raced.usage, provider.provider);
      if ((await listOpenDeposits(tx, player.id)).length > 0) throw openOrder();
      if (await hasPromotionWithdrawalOpen(tx, player.id)) throw withdrawalOpen();
      const [row] = await tx
        .insert(promotionUsages)
        .values({
          agencyId: agency.id,
          playerId: player.id,
          promotionId: promotion.id,
          provider: provider.provider,
          status: 'ACTIVE',
          depositAmount: promotion.depositAmount,
          ...usageRulesOf(promotion),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('usage insert returned nothing');
      return row;
    });
    return { usage, promotion };
  } catch (error) {
    if (isUniqueViolation(error, LIVE_UQ)) {
      const winner = await findLiveUsage(db, player.id);
      throw winner ? oneAtATime(winner.usage, provider.provider) : oneAtATime(null, provider.provider);
    }
    throw error;
  }
}

/** Another live usage: on the same provider "one at a time", on another "already used by provider X". */
function oneAtATime(live: PromotionUsageRow | null, provider: TProvider): AppError {
  if (live && live.provider !== provider) {
    return new AppError(
      409,
      'PROMOTION_USED_BY_PROVIDER',
      `A promotion is already in use with provider ${live.provider}`,
      undefined,
      undefined,
      { provider: live.provider },
    );
  }
  return new AppError(409, 'PROMOTION_ONE_AT_A_TIME', 'Only one promotion can be taken at a time');
}

function openOrder(): AppError {
  return new AppError(409, 'OPEN_ORDER', 'Close the open deposit order to use a promotion');
}

/** A withdrawal under a usage not settled yet: if staff reject it, that usage is in use again (one at a time). */
async function hasPromotionWithdrawalOpen(db: DbOrTx, playerId: string): Promise<boolean> {
  const open = await listOpenWithdrawals(db, playerId);
  return open.some((order) => order.promotionUsageId !== null);
}

function withdrawalOpen(): AppError {
  return new AppError(409, 'OPEN_ORDER', 'Wait until the withdrawal of your last promotion is paid out');
}

/**
 * 409 PROMOTION_CREDIT_USED; `params.threshold` (THB) lets the app say how low the credit must be, and
 * with `at`, `provider` and `current` (THB) whose credit blocks and how much it holds (docs/decisions/0074).
 */
export function creditUsed(thresholdSatang: bigint, at?: { provider: TProvider; credit: bigint }): AppError {
  const params: Record<string, string> = { threshold: formatMinor(thresholdSatang, 'THB') };
  if (at) {
    params.provider = at.provider;
    params.current = formatMinor(at.credit, 'THB');
  }
  return new AppError(
    409,
    'PROMOTION_CREDIT_USED',
    'Credit must be below the promotion threshold for this (a promotion is in use)',
    undefined,
    undefined,
    params,
  );
}
