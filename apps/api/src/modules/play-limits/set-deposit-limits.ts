import {
  LIMIT_PERIODS,
  LIMIT_RAISE_DELAY_MS,
  type TPlayLimitsRequest,
} from '@lc/shared/contracts/play-limits';
import { parseMoney } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { players } from '../../db/schema/players';
import { type DepositLimits, type LimitsState, limitsStateAt } from './deposit-limits';
import { lockPlayerLimits } from './lock-player-limits';

/** A limit that lets less through than `current` does (any limit is stricter than none). */
const isStricterOrSame = (wanted: bigint | null, current: bigint | null) =>
  current === null || (wanted !== null && wanted <= current);

/**
 * Sets the player's deposit limits to what the request asks (api.md): a lower limit applies at once; a higher
 * one or a removal waits 24 h as `pending`. The request is the whole wish, so an earlier pending raise the
 * request no longer asks for is dropped; a raise that differs from the pending one restarts the 24 h for all
 * pending values, and asking again for exactly the pending values keeps their time.
 */
export async function setDepositLimits(
  db: Db,
  playerId: string,
  body: TPlayLimitsRequest,
  now: Date,
): Promise<LimitsState> {
  const wanted: DepositLimits = {
    daily: body.daily === null ? null : parseMoney(body.daily, 'LAK'),
    weekly: body.weekly === null ? null : parseMoney(body.weekly, 'LAK'),
    monthly: body.monthly === null ? null : parseMoney(body.monthly, 'LAK'),
  };
  return db.transaction(async (tx) => {
    const before = limitsStateAt(await lockPlayerLimits(tx, playerId), now);
    const applied = { ...before.limits };
    let isRaise = false;
    for (const period of LIMIT_PERIODS) {
      if (isStricterOrSame(wanted[period], before.limits[period])) applied[period] = wanted[period];
      else isRaise = true;
    }
    const isSamePending =
      before.pending !== null && LIMIT_PERIODS.every((period) => before.pending?.[period] === wanted[period]);
    const pending: LimitsState['pending'] = !isRaise
      ? null
      : {
          ...wanted,
          effectiveAt:
            isSamePending && before.pending
              ? before.pending.effectiveAt
              : new Date(now.getTime() + LIMIT_RAISE_DELAY_MS),
        };
    await tx
      .update(players)
      .set({
        depositLimitDaily: applied.daily,
        depositLimitWeekly: applied.weekly,
        depositLimitMonthly: applied.monthly,
        pendingLimitDaily: pending?.daily ?? null,
        pendingLimitWeekly: pending?.weekly ?? null,
        pendingLimitMonthly: pending?.monthly ?? null,
        pendingLimitsAt: pending?.effectiveAt ?? null,
      })
      .where(eq(players.id, playerId));
    return { limits: applied, pending };
  });
}
