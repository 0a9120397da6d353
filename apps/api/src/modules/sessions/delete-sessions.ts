import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema/players';
import { hashSessionToken } from './session-token';

/** Ends the session a cookie token belongs to (no-op when unknown). */
export async function deleteSessionByToken(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashSessionToken(token)));
}

/** Ends every session of a player (password change, block). */
export async function deletePlayerSessions(db: DbOrTx, playerId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.playerId, playerId));
}
