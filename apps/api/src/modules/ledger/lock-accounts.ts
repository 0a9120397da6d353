import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type LedgerAccountRow, ledgerAccounts } from '../../db/schema/ledger';
import { type AccountKey, accountKeyString } from './account-key';

/** The WHERE clause matching exactly one account key (NULL player / provider included). */
export function matchAccount(agencyId: string, key: AccountKey): SQL {
  return and(
    eq(ledgerAccounts.agencyId, agencyId),
    eq(ledgerAccounts.kind, key.kind),
    eq(ledgerAccounts.currency, key.currency),
    key.playerId ? eq(ledgerAccounts.playerId, key.playerId) : isNull(ledgerAccounts.playerId),
    key.provider ? eq(ledgerAccounts.provider, key.provider) : isNull(ledgerAccounts.provider),
  ) as SQL;
}

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
      })),
    )
    .onConflictDoNothing();
}

/**
 * Finds or creates the accounts and locks them `FOR UPDATE`, always in id order, so concurrent postings over
 * overlapping accounts queue behind each other instead of deadlocking. Answers a map by key string.
 */
export async function lockAccounts(
  db: DbOrTx,
  agencyId: string,
  keys: AccountKey[],
): Promise<Map<string, LedgerAccountRow>> {
  const unique = [...new Map(keys.map((key) => [accountKeyString(key), key])).values()];
  await openAccounts(db, agencyId, unique);
  const rows = await db
    .select()
    .from(ledgerAccounts)
    .where(or(...unique.map((key) => matchAccount(agencyId, key))))
    .orderBy(ledgerAccounts.id)
    .for('update');
  const byKey = new Map(rows.map((row) => [accountKeyString(row), row]));
  for (const key of unique) {
    if (!byKey.has(accountKeyString(key))) throw new Error(`ledger account ${accountKeyString(key)} missing`);
  }
  return byKey;
}
