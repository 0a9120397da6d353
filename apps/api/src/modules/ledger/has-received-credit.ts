import { and, eq, gt, inArray, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';

const reversal = alias(ledgerTransactions, 'reversal');

/**
 * True once credit was put in to one of the player's provider wallets by a credited deposit or a staff
 * adjustment that was not reversed: what opening a game asks (domain.md rule 6: `GAME_NEEDS_DEPOSIT` means
 * "never had credit put in", not "never deposited"). A debit by adjustment puts nothing in.
 */
export async function hasReceivedCredit(db: DbOrTx, playerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerTransactions.playerId, playerId),
        inArray(ledgerTransactions.kind, ['DEPOSIT', 'ADJUSTMENT']),
        eq(ledgerAccounts.kind, 'PLAYER_PROVIDER'),
        eq(ledgerAccounts.playerId, playerId),
        gt(ledgerEntries.amount, 0n),
        notExists(
          db.select({ id: reversal.id }).from(reversal).where(eq(reversal.reversesId, ledgerTransactions.id)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
