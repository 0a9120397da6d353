import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/players';
import { type AuditScope, recordAudit } from '../ops/record-audit';

/** Support ends every session of a player (a stolen phone, a shared device): signed out at the next request. */
export async function endPlayerSessions(
  db: Db,
  input: { playerId: string; actor: string; scope: AuditScope; now: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.playerId, input.playerId))
      .returning({ id: sessions.id });
    await recordAudit(tx, {
      actor: input.actor,
      scope: input.scope,
      action: 'player.sessions.end',
      target: `player:${input.playerId}`,
      after: { ended: ended.length },
      at: input.now,
    });
    return ended.length;
  });
}
