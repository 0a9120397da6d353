import type { DbOrTx } from '../../db/client';
import { ledgerAccounts } from '../../db/schema/ledger';
import { matchAccount } from './account-ids';
import type { AccountKey } from './account-key';

/** The cached balance of an account in minor units; 0 for an account that was never used. */
export async function getAccountBalance(db: DbOrTx, agencyId: string, key: AccountKey): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(matchAccount(agencyId, key));
  return row?.balance ?? 0n;
}
