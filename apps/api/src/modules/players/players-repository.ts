import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type PlayerRow, players } from '../../db/schema/players';

/** The player of an agency with this (normalised, lower-case) username, or null. */
export async function findPlayerByUsername(
  db: DbOrTx,
  agencyId: string,
  username: string,
): Promise<PlayerRow | null> {
  const [row] = await db
    .select()
    .from(players)
    .where(and(eq(players.agencyId, agencyId), eq(players.username, username)))
    .limit(1);
  return row ?? null;
}

/** True when the username is already taken in this agency. */
export async function isUsernameTaken(db: DbOrTx, agencyId: string, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.agencyId, agencyId), eq(players.username, username)))
    .limit(1);
  return row !== undefined;
}
