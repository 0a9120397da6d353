import type { TOpsPlayer } from '@lc/shared/contracts/ops-players';
import type { PlayerRow } from '../../db/schema/players';

/** What operators see of a player in lists: never the password hash or devices. */
export function toOpsPlayerDto(row: PlayerRow): TOpsPlayer {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    createdAt: row.createdAt.toISOString(),
    blocked: row.blockedAt !== null,
  };
}
