import type { TRestrictionKind } from '@lc/shared/contracts/play-limits';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { players, sessions } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { queueGameSessionEnds } from './end-game-sessions';
import { restrictionOf } from './restriction';

/**
 * Starts a time-out or self-exclusion until `until`, ends the player's other sessions and writes down that
 * the player's game sessions at the providers must end (the caller asks them once this commits:
 * `endGameSessions`, docs/decisions/0066-a-restriction-ends-game-sessions.md). It can only move the end
 * later: one that would end before (or when) the one in force ends is refused with 409 RESTRICTION_ACTIVE
 * and `params.until`, so nobody can shorten or lift it (docs/decisions/0039-time-out-and-self-exclusion.md).
 */
export async function restrictPlayer(
  db: Db,
  input: { playerId: string; currentSessionId: string; kind: TRestrictionKind; until: Date; now: Date },
): Promise<void> {
  const { playerId, kind, until, now } = input;
  await db.transaction(async (tx) => {
    // One guarded update: a parallel shorter request cannot slip in between a read and a write.
    const [updated] = await tx
      .update(players)
      .set({ restrictionKind: kind, restrictedUntil: until })
      .where(
        and(
          eq(players.id, playerId),
          or(isNull(players.restrictedUntil), lt(players.restrictedUntil, until)),
        ),
      )
      .returning({ id: players.id, agencyId: players.agencyId });
    if (!updated) {
      const [row] = await tx
        .select({ restrictionKind: players.restrictionKind, restrictedUntil: players.restrictedUntil })
        .from(players)
        .where(eq(players.id, playerId));
      const inForce = row && restrictionOf(row, now);
      throw new AppError(
        409,
        'RESTRICTION_ACTIVE',
        'A longer time-out or self-exclusion is already in force',
        undefined,
        undefined,
        inForce ? { until: inForce.until } : undefined,
      );
    }
    await tx
      .delete(sessions)
      .where(and(eq(sessions.playerId, playerId), ne(sessions.id, input.currentSessionId)));
    await queueGameSessionEnds(tx, { playerId, agencyId: updated.agencyId, now });
  });
}
