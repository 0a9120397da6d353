import type { TPlayer } from '@lc/shared/contracts/players';
import type { PlayerRow } from '../../db/schema/players';

/** The public allowlist of a player row: never the hash, block data or agency internals. */
export function toPlayerDto(row: PlayerRow): TPlayer {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
  };
}
