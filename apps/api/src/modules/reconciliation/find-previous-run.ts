import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reconciliationDifferences, reconciliationRuns as runs } from '../../db/schema/reconciliation';
import type { ReferenceDifference } from './compare-reference';

const REFERENCE_KINDS = ['MISSING_AT_PROVIDER', 'MISSING_IN_LEDGER', 'AMOUNT_DIFFERS'] as const;

export type PreviousRun = {
  /** Where the last run that read every provider's report ended; null before the first one. */
  windowEnd: Date | null;
  /** The last finished run's reference differences, examined again until resolved. */
  referenceDifferences: ReferenceDifference[];
  /** Accounts that differed in the last finished run: read again until they agree. */
  differingAccountIds: Set<string>;
};

/** What a new run carries over from the agency's earlier ones (those started before `beforeSeq`). */
export async function findPreviousRun(db: DbOrTx, agencyId: string, beforeSeq: number): Promise<PreviousRun> {
  const earlier = and(eq(runs.agencyId, agencyId), eq(runs.status, 'DONE'), lt(runs.seq, beforeSeq));
  const [complete] = await db
    .select({ windowTo: runs.windowTo })
    .from(runs)
    .where(and(earlier, eq(runs.isWindowComplete, true)))
    .orderBy(desc(runs.seq))
    .limit(1);
  const [last] = await db.select({ id: runs.id }).from(runs).where(earlier).orderBy(desc(runs.seq)).limit(1);
  const rows = last
    ? await db.select().from(reconciliationDifferences).where(eq(reconciliationDifferences.runId, last.id))
    : [];
  const referenceDifferences = rows.flatMap((r) =>
    r.reference && r.playerId && r.provider && (REFERENCE_KINDS as readonly string[]).includes(r.kind)
      ? [
          {
            reference: r.reference,
            kind: r.kind as ReferenceDifference['kind'],
            accountId: r.accountId,
            playerId: r.playerId,
            provider: r.provider,
            providerAmount: r.providerAmount,
            ledgerAmount: r.ledgerAmount,
          },
        ]
      : [],
  );
  return {
    windowEnd: complete?.windowTo ?? null,
    referenceDifferences,
    differingAccountIds: new Set(rows.filter((r) => r.playerId && r.provider).map((r) => r.accountId)),
  };
}
