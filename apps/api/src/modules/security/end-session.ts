import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/is-uuid';
import { recordNotice } from './record-notice';

/**
 * Ends one of the player's sessions (signs that device out) and records a SESSION_ENDED notice carrying the
 * ended session's user agent. Another player's session, or none, answers 404 like any foreign record.
 */
export async function endSession(db: Db, playerId: string, sessionId: string, now: Date): Promise<void> {
  if (!isUuid(sessionId)) throw new AppError(404, 'NOT_FOUND', 'No such session');
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.playerId, playerId)))
      .returning({ userAgent: sessions.userAgent });
    if (!ended) throw new AppError(404, 'NOT_FOUND', 'No such session');
    await recordNotice(tx, { playerId, kind: 'SESSION_ENDED', at: now, userAgent: ended.userAgent });
  });
}
