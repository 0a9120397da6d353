import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';
import { type PostedTransaction, postTransaction } from './post-transaction';

/** The reference a reversal of `reference` is posted under (so a reversal happens at most once). */
export const reversalReference = (reference: string) => `${reference}:reversal`;

/**
 * Corrects a posted transaction the append-only way: a REVERSAL transaction with every entry negated.
 * Idempotent (its reference is derived from the original's); throws when the original does not exist.
 */
export async function reverseTransaction(
  tx: DbOrTx,
  input: { reference: string; at: Date; memo?: string },
): Promise<PostedTransaction> {
  const [original] = await tx
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, input.reference));
  if (!original) throw new Error(`no ledger transaction ${input.reference} to reverse`);
  const rows = await tx
    .select({ entry: ledgerEntries, account: ledgerAccounts })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.transactionId, original.id));
  return postTransaction(tx, {
    agencyId: original.agencyId,
    kind: 'REVERSAL',
    reference: reversalReference(original.reference),
    playerId: original.playerId,
    provider: original.provider,
    memo: input.memo ?? `reversal of ${original.reference}`,
    at: input.at,
    reversesId: original.id,
    entries: rows.map(({ entry, account }) => ({ account, amount: -entry.amount })),
  });
}
