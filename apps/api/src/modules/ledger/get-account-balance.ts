import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts } from '../../db/schema/ledger';
import { matchAccount } from './account-ids';
import type { AccountKey } from './account-key';

/**
 * The cached balance of an account in minor units (the sum of its rows, for an agency-wide account spread
 * over several); 0 for an account that was never used.
 */
export async function getAccountBalance(db: DbOrTx, agencyId: string, key: AccountKey): Promise<bigint> {
  const [row] = await db
    .select({ balance: sql<string | null>`sum(${ledgerAccounts.balance})::text` })
    .from(ledgerAccounts)
    .where(matchAccount(agencyId, key));
  return BigInt(row?.balance ?? 0);
}
