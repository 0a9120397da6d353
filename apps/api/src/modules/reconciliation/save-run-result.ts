import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type ReconciliationRunRow,
  reconciliationChecks,
  reconciliationDifferences,
  reconciliationRuns as runs,
  type TRunTotals,
} from '../../db/schema/reconciliation';
import type { BalanceCacheDifference } from '../ledger/find-balance-cache-differences';
import type { ReferenceDifference } from './compare-reference';
import { markAccountsChecked } from './mark-accounts-checked';
import type { StatementCheck } from './read-account-statement';

const CHUNK = 1000;

export type RunResult =
  | {
      run: ReconciliationRunRow;
      window: { from: Date; to: Date };
      isWindowComplete: boolean;
      checks: StatementCheck[];
      references: ReferenceDifference[];
      cache: BalanceCacheDifference[];
      totals: TRunTotals;
      transfersMatched: number;
      providerCalls: number;
      finishedAt: Date;
    }
  | { run: ReconciliationRunRow; failure: string; providerCalls: number; finishedAt: Date };

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Stores how a run ended, in one transaction: DONE with what it read and every difference, or FAILED with
 * why. Only a run still RUNNING is finished (one already failed as abandoned keeps that verdict).
 */
export async function saveRunResult(db: Db, result: RunResult): Promise<void> {
  const { run } = result;
  const stillRunning = and(eq(runs.id, run.id), eq(runs.status, 'RUNNING'));
  if ('failure' in result) {
    await db
      .update(runs)
      .set({
        status: 'FAILED',
        finishedAt: result.finishedAt,
        error: result.failure,
        providerCalls: result.providerCalls,
      })
      .where(stillRunning);
    return;
  }
  const differences = [
    ...result.references.map((d) => ({ ...d, runId: run.id, entriesAmount: null })),
    ...result.checks
      .filter((c) => c.status === 'DIFFERENCE' && c.statement)
      .map((c) => ({
        runId: run.id,
        accountId: c.account.accountId,
        playerId: c.account.playerId,
        provider: c.account.provider,
        kind: 'BALANCE_DIFFERS' as const,
        reference: null,
        providerAmount: c.statement ? c.statement.transferredIn - c.statement.transferredOut : null,
        ledgerAmount: c.ledger,
        entriesAmount: null,
      })),
    ...result.cache.map((c) => ({
      runId: run.id,
      accountId: c.accountId,
      playerId: c.playerId,
      provider: c.provider,
      kind: 'CACHE_DIFFERS' as const,
      reference: null,
      providerAmount: null,
      ledgerAmount: c.balance,
      entriesAmount: c.entriesTotal,
    })),
  ];
  await db.transaction(async (tx) => {
    const [finished] = await tx
      .update(runs)
      .set({
        status: 'DONE',
        finishedAt: result.finishedAt,
        windowFrom: result.window.from,
        windowTo: result.window.to,
        isWindowComplete: result.isWindowComplete,
        accountsChecked: result.checks.length,
        transfersMatched: result.transfersMatched,
        providerCalls: result.providerCalls,
        differences: new Set(differences.map((d) => d.accountId)).size,
        unavailable: result.checks.filter((c) => c.status === 'UNAVAILABLE').length,
        totals: result.totals,
      })
      .where(stillRunning)
      .returning({ id: runs.id });
    if (!finished) return;
    await insertChunked(result.checks, (chunk) =>
      tx.insert(reconciliationChecks).values(
        chunk.map((c) => ({
          runId: run.id,
          accountId: c.account.accountId,
          playerId: c.account.playerId,
          provider: c.account.provider,
          member: c.account.member,
          ledger: c.ledger,
          transferredIn: c.statement?.transferredIn ?? null,
          transferredOut: c.statement?.transferredOut ?? null,
          providerBalance: c.statement?.balance ?? null,
          status: c.status,
          error: c.error,
        })),
      ),
    );
    await insertChunked(differences, (chunk) => tx.insert(reconciliationDifferences).values(chunk));
    // Only accounts whose statement was read count as checked: an unavailable one stays first in the sweep.
    const read = result.checks.filter((c) => c.status !== 'UNAVAILABLE').map((c) => c.account.accountId);
    await markAccountsChecked(tx, read, result.finishedAt);
  });
}
