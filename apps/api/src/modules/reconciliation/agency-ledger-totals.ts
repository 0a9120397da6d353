import type { TLedgerTotals } from '@lc/shared/contracts/reconciliation';
import { formatMinor } from '@lc/shared/money';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, type TLedgerAccountKind } from '../../db/schema/ledger';

const thb = (minor: bigint) => formatMinor(minor, 'THB');

/**
 * The agency's THB accounts by kind (PAYOUT summed over players), and all of them together: every transaction
 * sums to zero, so a non-zero `ledgerSum` means the cached balances no longer match their entries.
 */
export async function agencyLedgerTotals(
  db: DbOrTx,
  agencyId: string,
): Promise<TLedgerTotals & { ledgerSum: string }> {
  const byKind = await db
    .select({
      kind: ledgerAccounts.kind,
      // As text: the sum of a bigint column is a numeric, which drivers hand over differently.
      total: sql<string>`sum(${ledgerAccounts.balance})::text`,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.agencyId, agencyId), eq(ledgerAccounts.currency, 'THB')))
    .groupBy(ledgerAccounts.kind);
  const totalOf = (kind: TLedgerAccountKind) => BigInt(byKind.find((r) => r.kind === kind)?.total ?? 0);
  const sum = byKind.reduce((acc, r) => acc + BigInt(r.total), 0n);
  return {
    house: thb(totalOf('HOUSE')),
    bonus: thb(totalOf('BONUS')),
    payout: thb(totalOf('PAYOUT')),
    ledgerSum: thb(sum),
  };
}
