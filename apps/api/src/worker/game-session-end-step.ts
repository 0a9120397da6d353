import { and, asc, lte, sql } from 'drizzle-orm';
import { gameSessionEnds } from '../db/schema/game-session-ends';
import { workerLeases } from '../db/schema/worker-leases';
import {
  endPendingGameSession,
  forgetGameSessionEnd,
  selectPendingGameSessionEnds,
} from '../modules/play-limits/end-game-sessions';
import { claimLeases } from './claim-leases';
import { guarded, type StepContext } from './worker-context';

const BATCH = 20;
// The player's own time-out or self-exclusion request may still be waiting on the provider; resume after it.
const RESUME_AFTER_MS = 60_000;
const REVISIT_MS = 60_000;
const LEASE = 'game-session-end:';

/**
 * Game sessions a time-out or self-exclusion could not end at a provider (it was down): asked again, a
 * minute apart, until the provider confirms (docs/decisions/0066-a-restriction-ends-game-sessions.md).
 * Ending is idempotent at the provider, so two asks of one end do no harm.
 */
export async function runPendingGameSessionEnds(ctx: StepContext): Promise<void> {
  const settledBefore = new Date(ctx.now.getTime() - RESUME_AFTER_MS);
  const leaseOf = (end: { playerId: string; provider: string }) => `${LEASE}${end.playerId}:${end.provider}`;
  const claimed = await ctx.app.db.transaction(async (tx) => {
    const rows = await selectPendingGameSessionEnds(tx)
      .where(
        and(
          lte(gameSessionEnds.requestedAt, settledBefore),
          // isNotLeased (claim-leases.ts) for a name of two columns.
          sql`NOT EXISTS (SELECT 1 FROM ${workerLeases} WHERE ${workerLeases.name} = ${LEASE} || ${gameSessionEnds.playerId} || ':' || ${gameSessionEnds.provider} AND ${workerLeases.until} > ${ctx.now.toISOString()}::timestamptz)`,
        ),
      )
      .orderBy(asc(gameSessionEnds.requestedAt))
      .limit(BATCH)
      .for('update', { of: gameSessionEnds, skipLocked: true });
    const held = await claimLeases(tx, rows.map(leaseOf), ctx.now, new Date(ctx.now.getTime() + REVISIT_MS));
    return rows.filter((r) => held.has(leaseOf(r)));
  });
  for (const end of claimed) {
    const item = leaseOf(end);
    await guarded(ctx, item, async () => {
      ctx.report.gameSessionEnds.push(item);
      if (!end.restrictedUntil || end.restrictedUntil <= ctx.now) {
        // The restriction ran out while the provider was down: the games the player opened since are theirs.
        await forgetGameSessionEnd(ctx.app.db, end);
        ctx.log.info(
          { playerId: end.playerId, provider: end.provider },
          'game session end dropped: restriction over',
        );
        return;
      }
      // False: the provider is still down, logged there; the lease keeps it a minute before the next ask.
      await endPendingGameSession(ctx.app, end, ctx.log);
    });
  }
}
