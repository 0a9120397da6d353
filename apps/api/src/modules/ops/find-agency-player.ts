import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type PlayerRow, players } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/is-uuid';

/** The agency's player of this id; 404 NOT_FOUND for another agency's, an unknown or a malformed id. */
export async function findAgencyPlayer(db: DbOrTx, agencyId: string, playerId: string): Promise<PlayerRow> {
  // A malformed id cannot match a uuid column; asking would only raise a cast error.
  const [player] = isUuid(playerId)
    ? await db
        .select()
        .from(players)
        .where(and(eq(players.id, playerId), eq(players.agencyId, agencyId)))
    : [];
  if (!player) throw new AppError(404, 'NOT_FOUND', 'No such player');
  return player;
}
