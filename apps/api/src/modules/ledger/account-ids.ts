import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts } from '../../db/schema/ledger';
import { type AccountKey, accountKeyString } from './account-key';

/**
 * The WHERE clause matching the rows of one account (NULL player / provider included): every row of an
 * agency-wide account, unless `shard` names one.
 */
export function matchAccount(agencyId: string, key: AccountKey): SQL {
  return and(
    eq(ledgerAccounts.agencyId, agencyId),
    eq(ledgerAccounts.kind, key.kind),
    eq(ledgerAccounts.currency, key.currency),
    key.playerId ? eq(ledgerAccounts.playerId, key.playerId) : isNull(ledgerAccounts.playerId),
    key.provider ? eq(ledgerAccounts.provider, key.provider) : isNull(ledgerAccounts.provider),
    key.shard === undefined ? undefined : eq(ledgerAccounts.shard, key.shard),
  ) as SQL;
}

/** The key naming one row: a key without `shard` names row 0 (every per-player account's only row). */
const rowKey = (key: AccountKey): AccountKey => ({ ...key, shard: key.shard ?? 0 });

/** Creates the accounts that do not exist yet (a no-op for the others). */
export async function openAccounts(db: DbOrTx, agencyId: string, keys: AccountKey[]): Promise<void> {
  if (keys.length === 0) return;
  // Sorted, so two transactions creating the same new accounts wait on them in the same order.
  const sorted = [...keys].sort((a, b) => accountKeyString(a).localeCompare(accountKeyString(b)));
  await db
    .insert(ledgerAccounts)
    .values(
      sorted.map((key) => ({
        agencyId,
        kind: key.kind,
        currency: key.currency,
        playerId: key.playerId ?? null,
        provider: key.provider ?? null,
        shard: key.shard ?? 0,
      })),
    )
    .onConflictDoNothing();
}

// Account ids this process has read, by agency and key. An account is never deleted (entries reference it)
// and its key never changes, so an id once read stays right (unless the transaction that created it rolled
// back, below): a posting over known accounts needs no statement to find them and locks them by primary key
// (post-transaction.ts). The agency id is a random UUID, so keys of different databases rarely mix. An id remembered from another database, or from a
// transaction that created the account and then rolled back, is not found; the posting then locks nothing
// and reads the ids again (`isFresh`).
const knownIds = new Map<string, string>();
const MAX_KNOWN = 200_000;

const knownKeyOf = (agencyId: string, key: AccountKey) => `${agencyId}|${accountKeyString(key)}`;

/**
 * The ids of the accounts by key string, creating the missing ones; answered from this process's memory
 * when it knows them all, unless `isFresh`. Takes no lock: the posting locks the accounts by id.
 */
export async function findAccountIds(
  db: DbOrTx,
  agencyId: string,
  keys: AccountKey[],
  options: { isFresh?: boolean } = {},
): Promise<Map<string, string>> {
  const unique = [...new Map(keys.map((key) => [accountKeyString(key), key])).values()];
  if (!options.isFresh) {
    const ids = new Map<string, string>();
    for (const key of unique) {
      const id = knownIds.get(knownKeyOf(agencyId, key));
      if (id) ids.set(accountKeyString(key), id);
    }
    if (ids.size === unique.length) return ids;
  }
  await openAccounts(db, agencyId, unique);
  // One exact look-up of the unique key per account (an OR of the keys scanned every account of the agency).
  const [first, second, ...rest] = unique.map((key) =>
    db
      .select({
        id: ledgerAccounts.id,
        kind: ledgerAccounts.kind,
        currency: ledgerAccounts.currency,
        playerId: ledgerAccounts.playerId,
        provider: ledgerAccounts.provider,
        shard: ledgerAccounts.shard,
      })
      .from(ledgerAccounts)
      .where(matchAccount(agencyId, rowKey(key))),
  );
  if (!first) return new Map();
  const rows = second ? await unionAll(first, second, ...rest) : await first;
  const ids = new Map(rows.map((row) => [accountKeyString(row), row.id]));
  for (const key of unique) {
    const id = ids.get(accountKeyString(key));
    if (!id) throw new Error(`ledger account ${accountKeyString(key)} missing`);
    if (knownIds.size >= MAX_KNOWN) knownIds.clear();
    knownIds.set(knownKeyOf(agencyId, key), id);
  }
  return ids;
}
