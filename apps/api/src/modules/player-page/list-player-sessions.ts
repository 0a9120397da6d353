import type { TOpsPlayerSessionsResponse } from '@lc/shared/contracts/ops-player-page';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/players';

/**
 * The player's session rows, newest first (at most 5 live ones are kept per player, domain.md; expired
 * rows go at the next look-up, so a few may be past their idle limit). Never the token hash.
 */
export async function listPlayerSessions(db: Db, playerId: string): Promise<TOpsPlayerSessionsResponse> {
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.playerId, playerId))
    .orderBy(desc(sessions.createdAt))
    .limit(50);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      userAgent: row.userAgent,
      ip: row.ip,
    })),
  };
}
