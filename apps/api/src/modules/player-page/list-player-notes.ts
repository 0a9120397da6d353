import type { TPageQuery } from '@lc/shared/contracts/common';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type PlayerNoteRow, playerNotes } from '../../db/schema/player-notes';

/** The player's notes, newest first (index on player and time). */
export async function listPlayerNotes(
  db: Db,
  playerId: string,
  page: TPageQuery,
): Promise<{ items: PlayerNoteRow[]; total: number }> {
  const where = eq(playerNotes.playerId, playerId);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(playerNotes)
      .where(where)
      .orderBy(desc(playerNotes.createdAt), desc(playerNotes.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: count() }).from(playerNotes).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}
