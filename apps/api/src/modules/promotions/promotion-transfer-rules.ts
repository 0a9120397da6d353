import type { TProvider } from '@lc/shared/providers';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import type { PlayerRow } from '../../db/schema/players';
import { LIVE_USAGE_STATUSES, type PromotionUsageRow } from '../../db/schema/promotions';
import { AppError } from '../../lib/app-error';
import { getPlayerCredit } from '../credits/get-player-credit';
import { findLiveUsage, lockUsage } from './promotions-repository';
import { endUsage } from './recheck-usage';
import { creditUsed } from './use-promotion';

type Sides = { from: TProvider; to: TProvider };

/**
 * Whether the player's live usage holds the credit a transfer between providers would move (decision 0072):
 * a USED usage (or one being cancelled) holds its provider's credit both ways — moved out it would escape
 * the target, moved in it would count towards it without play; an ACTIVE one (taken, its deposit to come)
 * holds its provider against credit coming in, which `use` required to be below the threshold.
 */
function holds(usage: PromotionUsageRow, sides: Sides): boolean {
  if (usage.provider === sides.to) return true;
  return usage.provider === sides.from && usage.status !== 'ACTIVE';
}

const cancelling = () =>
  new AppError(409, 'TRANSFER_PENDING', 'The promotion is being cancelled; try again shortly');

/**
 * The promotion rules of a new transfer, before anything is recorded: a usage that holds the transfer's
 * credit refuses it (409 PROMOTION_CREDIT_USED with `params.threshold`; TRANSFER_PENDING while its cancel
 * runs) — unless it is USED and its provider's live credit is below the agency threshold: then it has run its
 * course and ends (INACTIVE), as before a deposit (promotion-deposit-rules.ts). `known` holds balances the
 * caller has read already (satang), so a provider is not asked twice.
 */
export async function settlePromotionForTransfer(
  app: FastifyInstance,
  agency: AgencyRow,
  player: PlayerRow,
  sides: Sides,
  known: Partial<Record<TProvider, bigint>>,
): Promise<void> {
  const live = await findLiveUsage(app.db, player.id);
  if (!live || !holds(live.usage, sides)) return;
  const { usage } = live;
  if (usage.status === 'CANCELING') throw cancelling();
  if (usage.status !== 'USED') throw creditUsed(agency.promotionThresholdSatang);
  const owner = { agencyId: agency.id, agencyCode: agency.code, playerId: player.id };
  const credit =
    known[usage.provider] ??
    (await getPlayerCredit(app.db, app.providers.of(agency.id, usage.provider), owner, app.log));
  if (credit >= agency.promotionThresholdSatang) throw creditUsed(agency.promotionThresholdSatang);
  await endUsage(app, usage, 'USED');
}

/**
 * Inside the transaction that records the transfer, after the player's row lock: the live usage on either
 * provider is locked and read again, so a usage taken or credited meanwhile (both lock it) is seen, and one
 * that still holds the credit refuses the transfer.
 */
export async function assertPromotionAllowsTransfer(
  tx: DbOrTx,
  agency: AgencyRow,
  playerId: string,
  sides: Sides,
): Promise<void> {
  const live = await findLiveUsage(tx, playerId);
  if (!live || (live.usage.provider !== sides.from && live.usage.provider !== sides.to)) return;
  const usage = await lockUsage(tx, live.usage.id);
  const isLive = usage !== null && (LIVE_USAGE_STATUSES as readonly string[]).includes(usage.status);
  if (!usage || !isLive || !holds(usage, sides)) return;
  if (usage.status === 'CANCELING') throw cancelling();
  throw creditUsed(agency.promotionThresholdSatang);
}
