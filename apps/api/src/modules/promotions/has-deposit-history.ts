import { and, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { playerDevices, players } from '../../db/schema/players';
import { hasSuccessfulDeposit } from '../ledger/has-successful-deposit';

const sameDevice = alias(playerDevices, 'same_device');

/**
 * `firstOrderOnly` (domain.md): true when the player, or any player of the agency who shares one of its
 * device fingerprints, already has a successful deposit (`hasSuccessfulDeposit`). A new
 * account on a device that already deposited is not a new customer.
 */
export async function hasDepositHistory(db: DbOrTx, agencyId: string, playerId: string): Promise<boolean> {
  const sharing = await db
    .selectDistinct({ playerId: sameDevice.playerId })
    .from(playerDevices)
    .innerJoin(sameDevice, eq(sameDevice.hash, playerDevices.hash))
    .innerJoin(players, eq(players.id, sameDevice.playerId))
    .where(
      and(
        eq(playerDevices.playerId, playerId),
        ne(sameDevice.playerId, playerId),
        eq(players.agencyId, agencyId),
      ),
    );
  return hasSuccessfulDeposit(db, [playerId, ...sharing.map((row) => row.playerId)]);
}
