import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import { type PlayerRow, players } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/is-uuid';
import { type AuditScope, recordAudit } from './record-audit';

export type SetPlayerBlockedInput = {
  agency: AgencyRow;
  playerId: string;
  isBlocked: boolean;
  /** Shown to the player by players/backlist; blocking again replaces it. Ignored on unblock. */
  reason: string | null;
  actor: string;
  scope: AuditScope;
  now: Date;
};

/**
 * Ops: bars a player from promotions (block) or lifts it (unblock), audited as `player.block` or
 * `player.unblock`. Only promotions look at it: the player stays signed in and may still deposit, play and
 * withdraw, so the player's sessions are deliberately left alone.
 */
export async function setPlayerBlocked(db: Db, input: SetPlayerBlockedInput): Promise<PlayerRow> {
  const { agency, isBlocked, now } = input;
  return db.transaction(async (tx) => {
    const [player] = isUuid(input.playerId)
      ? await tx
          .select()
          .from(players)
          .where(and(eq(players.id, input.playerId), eq(players.agencyId, agency.id)))
          .for('update')
      : [];
    if (!player) throw new AppError(404, 'NOT_FOUND', 'No such player');
    const reason = isBlocked ? input.reason : null;
    const [updated] = await tx
      .update(players)
      .set({ blockedAt: isBlocked ? (player.blockedAt ?? now) : null, blockReason: reason })
      .where(eq(players.id, player.id))
      .returning();
    if (!updated) throw new Error('player update returned nothing');
    await recordAudit(tx, {
      actor: input.actor,
      scope: input.scope,
      action: isBlocked ? 'player.block' : 'player.unblock',
      target: `player:${player.id}`,
      details: { reason, wasBlocked: player.blockedAt !== null },
      at: now,
    });
    return updated;
  });
}
