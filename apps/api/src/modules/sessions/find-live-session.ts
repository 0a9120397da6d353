import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@lc/shared/limits';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type PlayerRow, players, type SessionRow, sessions } from '../../db/schema/players';
import { hashSessionToken } from './session-token';

// Sliding expiry without a write on every request: last_seen moves at most once a minute.
const TOUCH_EVERY_MS = 60_000;

/**
 * The live session of a cookie token and its player, or null when unknown, idle for more than 30 min,
 * older than 12 h, or of another agency. Expired rows are deleted on sight.
 */
export async function findLiveSession(
  db: DbOrTx,
  token: string,
  agencyId: string,
  now: Date,
): Promise<{ session: SessionRow; player: PlayerRow } | null> {
  const [row] = await db
    .select({ session: sessions, player: players })
    .from(sessions)
    .innerJoin(players, eq(players.id, sessions.playerId))
    .where(eq(sessions.tokenHash, hashSessionToken(token)))
    .limit(1);
  if (!row) return null;
  // A session of agency A is not valid on agency B's host; it stays alive for its own host.
  if (row.session.agencyId !== agencyId) return null;
  const t = now.getTime();
  const isIdle = t - row.session.lastSeenAt.getTime() > SESSION_IDLE_MS;
  const isTooOld = t - row.session.createdAt.getTime() > SESSION_ABSOLUTE_MS;
  if (isIdle || isTooOld) {
    await db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  if (t - row.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
    row.session.lastSeenAt = now;
  }
  return row;
}
