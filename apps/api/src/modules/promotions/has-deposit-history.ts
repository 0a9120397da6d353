import { and, eq, inArray, ne, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { ledgerTransactions } from '../../db/schema/ledger';
import { playerDevices, players } from '../../db/schema/players';

const reversal = alias(ledgerTransactions, 'reversal');
const sameDevice = alias(playerDevices, 'same_device');

/**
 * `firstOrderOnly` (domain.md): true when the player, or any player of the agency who shares one of its
 * device fingerprints, already has a successful deposit (a ledger DEPOSIT that was not reversed). A new
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
  const ids = [playerId, ...sharing.map((row) => row.playerId)];
  const [row] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(
      and(
        inArray(ledgerTransactions.playerId, ids),
        eq(ledgerTransactions.kind, 'DEPOSIT'),
        notExists(
          db.select({ id: reversal.id }).from(reversal).where(eq(reversal.reversesId, ledgerTransactions.id)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
