import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema/players';
import { hashSessionToken } from './session-token';

/**
 * Ends the session a cookie token belongs to if it is a session of `agencyId` (no-op when unknown, or of
 * another agency: one host never ends another agency's session, as it never accepts one).
 */
export async function deleteSessionByToken(db: DbOrTx, token: string, agencyId: string): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.tokenHash, hashSessionToken(token)), eq(sessions.agencyId, agencyId)));
}

/** Ends every session of a player (password change, block). */
export async function deletePlayerSessions(db: DbOrTx, playerId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.playerId, playerId));
}
