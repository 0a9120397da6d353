import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { ledgerAccounts, ledgerEntries, type TLedgerAccountKind } from '../../db/schema/ledger';

export type CacheDifference = {
  accountId: string;
  kind: TLedgerAccountKind;
  currency: string;
  playerId: string | null;
  provider: string | null;
  /** The account's cached `balance`. */
  cached: bigint;
  /** What its entries sum to (the truth the cache must equal). */
  entries: bigint;
};

type Row = {
  id: string;
  kind: TLedgerAccountKind;
  currency: string;
  player_id: string | null;
  provider: string | null;
  cached: string;
  entries: string;
};

/**
 * Accounts of the agency whose cached balance differs from the sum of their entries (domain rule 7), in one
 * statement. The cache is what every balance check reads, so a drift there is a money bug even when the
 * provider agrees.
 */
export async function findBalanceCacheDifferences(db: DbOrTx, agencyId: string): Promise<CacheDifference[]> {
  const result = await db.execute(sql`
    SELECT a.id::text AS id, a.kind, a.currency, a.player_id::text AS player_id, a.provider,
      a.balance::text AS cached, coalesce(sum(e.amount), 0)::text AS entries
    FROM ${ledgerAccounts} a LEFT JOIN ${ledgerEntries} e ON e.account_id = a.id
    WHERE a.agency_id = ${agencyId}
    GROUP BY a.id
    HAVING a.balance <> coalesce(sum(e.amount), 0)`);
  return rowsOf<Row>(result).map((r) => ({
    accountId: r.id,
    kind: r.kind,
    currency: r.currency,
    playerId: r.player_id,
    provider: r.provider,
    cached: BigInt(r.cached),
    entries: BigInt(r.entries),
  }));
}
