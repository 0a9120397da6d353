import type { TOpsPlayersQuery, TOpsPlayersResponse } from '@lc/shared/contracts/ops-players';
import { and, count, desc, eq, exists, ilike, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { playerDevices, players } from '../../db/schema/players';
import { toOpsPlayerDto } from './to-ops-player-dto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%`, `_` and `\` typed by an operator are matched literally, not as LIKE wildcards. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Players of an agency, newest first: by id, part of username or display name, and/or a device hash. */
export async function listPlayers(
  db: DbOrTx,
  agencyId: string,
  query: TOpsPlayersQuery,
): Promise<TOpsPlayersResponse> {
  const filters: (SQL | undefined)[] = [eq(players.agencyId, agencyId)];
  if (query.query) {
    const pattern = likeContains(query.query);
    filters.push(
      or(
        ilike(players.username, pattern),
        ilike(players.displayName, pattern),
        UUID.test(query.query) ? eq(players.id, query.query.toLowerCase()) : undefined,
      ),
    );
  }
  if (query.fingerprint) {
    filters.push(
      exists(
        db
          .select({ id: playerDevices.id })
          .from(playerDevices)
          .where(and(eq(playerDevices.playerId, players.id), eq(playerDevices.hash, query.fingerprint))),
      ),
    );
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(players)
      .where(where)
      .orderBy(desc(players.createdAt), desc(players.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(players).where(where),
  ]);
  return {
    items: rows.map(toOpsPlayerDto),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  };
}
