import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { recordNotice } from './record-notice';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ends one of the player's sessions (signs that device out) and records a SESSION_ENDED notice carrying the
 * ended session's user agent. Another player's session, or none, answers 404 like any foreign record.
 */
export async function endSession(db: Db, playerId: string, sessionId: string, now: Date): Promise<void> {
  if (!UUID.test(sessionId)) throw new AppError(404, 'NOT_FOUND', 'No such session');
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.playerId, playerId)))
      .returning({ userAgent: sessions.userAgent });
    if (!ended) throw new AppError(404, 'NOT_FOUND', 'No such session');
    await recordNotice(tx, { playerId, kind: 'SESSION_ENDED', at: now, userAgent: ended.userAgent });
  });
}
