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

// Accounts this process has found in the database, by agency and key. Accounts are never deleted (entries
// reference them), so a posting over known accounts skips the create step: one locking statement instead of
// two. The agency id is a random UUID, so keys of different databases never mix; a key remembered wrongly
// would only send that posting down the create-then-lock path.
const known = new Set<string>();
const MAX_KNOWN = 200_000;

async function selectForUpdate(
  db: DbOrTx,
  agencyId: string,
  keys: AccountKey[],
): Promise<Map<string, LedgerAccountRow>> {
  const rows = await db
    .select()
    .from(ledgerAccounts)
    .where(or(...keys.map((key) => matchAccount(agencyId, key))))
    .orderBy(ledgerAccounts.id)
    .for('update');
  return new Map(rows.map((row) => [accountKeyString(row), row]));
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
  const knownKeys = unique.map((key) => `${agencyId}|${accountKeyString(key)}`);
  if (knownKeys.every((key) => known.has(key))) {
    const byKey = await selectForUpdate(db, agencyId, unique);
    if (byKey.size === unique.length) return byKey;
  }
  await openAccounts(db, agencyId, unique);
  const byKey = await selectForUpdate(db, agencyId, unique);
  for (const key of unique) {
    if (!byKey.has(accountKeyString(key))) throw new Error(`ledger account ${accountKeyString(key)} missing`);
  }
  if (known.size + knownKeys.length > MAX_KNOWN) known.clear();
  for (const key of knownKeys) known.add(key);
  return byKey;
}
