import { SESSION_MAX_LIVE } from '@lc/shared/limits';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema/players';
import { hashSessionToken, newSessionToken } from './session-token';

export type NewSession = {
  playerId: string;
  agencyId: string;
  now: Date;
  userAgent?: string | undefined;
  ip?: string | undefined;
};

/** Starts a session and returns its token; the player keeps at most SESSION_MAX_LIVE (oldest go first). */
export async function createSession(db: DbOrTx, input: NewSession): Promise<{ id: string; token: string }> {
  const token = newSessionToken();
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashSessionToken(token),
      playerId: input.playerId,
      agencyId: input.agencyId,
      createdAt: input.now,
      lastSeenAt: input.now,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      ip: input.ip ?? null,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  const keep = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.playerId, input.playerId))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(SESSION_MAX_LIVE);
  await db.delete(sessions).where(and(eq(sessions.playerId, input.playerId), notInArray(sessions.id, keep)));
  return { id: row.id, token };
}
