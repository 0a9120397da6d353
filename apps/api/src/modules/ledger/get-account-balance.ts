import type { DbOrTx } from '../../db/client';
import { ledgerAccounts } from '../../db/schema/ledger';
import type { AccountKey } from './account-key';
import { matchAccount } from './lock-accounts';

/** The cached balance of an account in minor units; 0 for an account that was never used. */
export async function getAccountBalance(db: DbOrTx, agencyId: string, key: AccountKey): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(matchAccount(agencyId, key));
  return row?.balance ?? 0n;
}
