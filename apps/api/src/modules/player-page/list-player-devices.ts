import type { TOpsPlayerDevicesResponse } from '@lc/shared/contracts/ops-player-page';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { playerDevices, players } from '../../db/schema/players';

/** How many other players a device lists: a shared café computer must not flood the page. */
const SHARED_MAX = 50;

/**
 * The player's devices (fingerprint hashes), last seen first, each with the other players of the agency
 * seen on it (index on hash), the signal behind first-order-only promotions and multi-accounting.
 */
export async function listPlayerDevices(
  db: Db,
  agencyId: string,
  playerId: string,
): Promise<TOpsPlayerDevicesResponse> {
  const devices = await db
    .select()
    .from(playerDevices)
    .where(eq(playerDevices.playerId, playerId))
    .orderBy(desc(playerDevices.lastSeenAt))
    .limit(100);
  const hashes = devices.map((d) => d.hash);
  const others =
    hashes.length === 0
      ? []
      : await db
          .select({
            hash: playerDevices.hash,
            id: players.id,
            username: players.username,
            blockedAt: players.blockedAt,
          })
          .from(playerDevices)
          .innerJoin(players, eq(players.id, playerDevices.playerId))
          .where(
            and(
              inArray(playerDevices.hash, hashes),
              ne(playerDevices.playerId, playerId),
              eq(players.agencyId, agencyId),
            ),
          )
          .orderBy(asc(players.username));
  return {
    devices: devices.map((d) => ({
      hash: d.hash,
      userAgent: d.userAgent,
      firstSeenAt: d.firstSeenAt.toISOString(),
      lastSeenAt: d.lastSeenAt.toISOString(),
      sharedWith: others
        .filter((o) => o.hash === d.hash)
        .slice(0, SHARED_MAX)
        .map((o) => ({ id: o.id, username: o.username, blocked: o.blockedAt !== null })),
    })),
  };
}
