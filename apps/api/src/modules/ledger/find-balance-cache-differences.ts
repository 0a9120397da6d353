import type { TProvider } from '@lc/shared/providers';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  type TLedgerAccountKind,
  type TLedgerCurrency,
} from '../../db/schema/ledger';

/** An account whose cached balance is not the sum of its entries. Amounts in minor units. */
export type BalanceCacheDifference = {
  accountId: string;
  kind: TLedgerAccountKind;
  currency: TLedgerCurrency;
  playerId: string | null;
  provider: TProvider | null;
  balance: bigint;
  entriesTotal: bigint;
};

/**
 * The agency's ledger accounts whose cached `balance` differs from the sum of their entries (domain.md rule
 * 7), in one query; empty when the cache is honest. The reconciliation job reports them: reconciliation
 * compares cached balances with the providers, so a cache changed behind the entries' back would otherwise
 * hide a difference or invent one.
 */
export async function findBalanceCacheDifferences(
  db: DbOrTx,
  agencyId: string,
): Promise<BalanceCacheDifference[]> {
  // Summed as text: numeric sums of bigint columns overflow JS numbers and the drivers parse them differently.
  const entriesTotal = sql<string>`COALESCE(SUM(${ledgerEntries.amount}), 0)`;
  const rows = await db
    .select({
      accountId: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      currency: ledgerAccounts.currency,
      playerId: ledgerAccounts.playerId,
      provider: ledgerAccounts.provider,
      balance: ledgerAccounts.balance,
      entriesTotal: sql<string>`${entriesTotal}::text`,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.agencyId, agencyId))
    .groupBy(ledgerAccounts.id)
    .having(sql`${ledgerAccounts.balance} <> ${entriesTotal}`)
    .orderBy(ledgerAccounts.id);
  return rows.map((row) => ({ ...row, entriesTotal: BigInt(row.entriesTotal) }));
}
