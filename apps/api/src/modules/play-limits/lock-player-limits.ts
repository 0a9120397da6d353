import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { players } from '../../db/schema/players';
import type { LimitColumns } from './deposit-limits';

/**
 * Locks the player's row (`FOR UPDATE`) and reads its limit columns as they are now. Deposits of one player
 * and changes of its limits queue on this lock, so a sum taken after it sees every deposit of the player
 * that committed before (docs/decisions/0038-deposit-limits-and-reality-check.md). Only meaningful inside a
 * transaction.
 */
export async function lockPlayerLimits(tx: DbOrTx, playerId: string): Promise<LimitColumns> {
  const [row] = await tx
    .select({
      depositLimitDaily: players.depositLimitDaily,
      depositLimitWeekly: players.depositLimitWeekly,
      depositLimitMonthly: players.depositLimitMonthly,
      pendingLimitDaily: players.pendingLimitDaily,
      pendingLimitWeekly: players.pendingLimitWeekly,
      pendingLimitMonthly: players.pendingLimitMonthly,
      pendingLimitsAt: players.pendingLimitsAt,
    })
    .from(players)
    .where(eq(players.id, playerId))
    .for('update');
  if (!row) throw new Error(`player ${playerId} vanished`);
  return row;
}
