import type { TPlayerSession } from '@lc/shared/contracts/security';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@lc/shared/limits';
import { and, desc, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema/players';

/** The player's live sessions (expired rows that were not yet swept are left out), newest first. */
export async function listSessions(
  db: DbOrTx,
  playerId: string,
  currentSessionId: string,
  now: Date,
): Promise<TPlayerSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.playerId, playerId),
        gte(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        gte(sessions.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_MS)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    current: row.id === currentSessionId,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  }));
}
