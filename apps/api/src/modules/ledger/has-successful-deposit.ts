import { and, eq, inArray, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { ledgerTransactions } from '../../db/schema/ledger';

const reversal = alias(ledgerTransactions, 'reversal');

/**
 * True once the player (or any of the players given) has a credited deposit (a DEPOSIT in the ledger) that
 * was not reversed: what first-order promotions ask. Staff adjustments are not deposits (domain.md rule 6);
 * opening a game asks `hasReceivedCredit`, which counts them.
 */
export async function hasSuccessfulDeposit(
  db: DbOrTx,
  playerIds: string | readonly string[],
): Promise<boolean> {
  const ids = typeof playerIds === 'string' ? [playerIds] : [...playerIds];
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
