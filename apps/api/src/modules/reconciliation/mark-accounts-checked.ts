import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reconciliationAccounts } from '../../db/schema/reconciliation';
import { CHUNK } from './pick-accounts-to-check';

/** Marks the accounts whose statements a run read (the sweep takes the least recently checked first). */
export async function markAccountsChecked(db: DbOrTx, accountIds: string[], at: Date): Promise<void> {
  for (let i = 0; i < accountIds.length; i += CHUNK) {
    await db
      .update(reconciliationAccounts)
      .set({ checkedAt: at })
      .where(inArray(reconciliationAccounts.accountId, accountIds.slice(i, i + CHUNK)));
  }
}
