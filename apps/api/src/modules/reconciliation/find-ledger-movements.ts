import type { TProvider } from '@lc/shared/providers';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';

/** What one ledger transaction moved on one player's provider account (signed satang, + = into the wallet). */
export type LedgerMovement = {
  reference: string;
  accountId: string;
  playerId: string;
  provider: TProvider;
  amount: bigint;
};

/**
 * The ledger's side of the provider transfers: movements on the agency's player-provider accounts, either
 * posted in a time window (both ends included), under the given references, or all of one account's.
 */
export async function findLedgerMovements(
  db: DbOrTx,
  agencyId: string,
  filter: { from: Date; to: Date } | { references: string[] } | { accountId: string },
): Promise<LedgerMovement[]> {
  if ('references' in filter && filter.references.length === 0) return [];
  const rows = await db
    .select({
      reference: ledgerTransactions.reference,
      accountId: ledgerEntries.accountId,
      playerId: ledgerAccounts.playerId,
      provider: ledgerAccounts.provider,
      amount: sql<string>`sum(${ledgerEntries.amount})::text`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerTransactions.agencyId, agencyId),
        eq(ledgerAccounts.kind, 'PLAYER_PROVIDER'),
        'references' in filter
          ? inArray(ledgerTransactions.reference, filter.references)
          : 'accountId' in filter
            ? eq(ledgerEntries.accountId, filter.accountId)
            : and(
                gte(ledgerTransactions.createdAt, filter.from),
                lte(ledgerTransactions.createdAt, filter.to),
              ),
      ),
    )
    .groupBy(
      ledgerTransactions.reference,
      ledgerEntries.accountId,
      ledgerAccounts.playerId,
      ledgerAccounts.provider,
    );
  return rows.flatMap((r) =>
    r.playerId && r.provider
      ? [
          {
            reference: r.reference,
            accountId: r.accountId,
            playerId: r.playerId,
            provider: r.provider,
            amount: BigInt(r.amount),
          },
        ]
      : [],
  );
}
