import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@lc/shared/limits';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/players';

/**
 * Whether a session still exists and is within its idle and absolute limits, read only: a long-lived
 * request (an event stream) asks this without moving last_seen, so an open tab alone never keeps a
 * session alive past its idle limit.
 */
export async function isSessionLive(db: Db, sessionId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ lastSeenAt: sessions.lastSeenAt, createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  if (!row) return false;
  const t = now.getTime();
  return (
    t - row.lastSeenAt.getTime() <= SESSION_IDLE_MS && t - row.createdAt.getTime() <= SESSION_ABSOLUTE_MS
  );
}
