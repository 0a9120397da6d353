import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type ReconciliationRunRow,
  reconciliationRuns as runs,
  type TReconciliationRunKind,
} from '../../db/schema/reconciliation';
import { claimLeases, isNotLeased } from '../../worker/claim-leases';
import { RUN_LEASE_MS, runLeaseName } from './run-lease';

export type StartedRun = { run: ReconciliationRunRow; isNew: boolean };

/**
 * Starts a run for the agency: stored RUNNING together with its runner's lease, so the caller is its one
 * runner. While another run of the agency is RUNNING with a live runner, that run is answered instead
 * (`isNew: false`); one whose runner died (lease lapsed: the process crashed) is first finished as FAILED.
 */
export async function startReconciliationRun(
  db: Db,
  input: { agencyId: string; kind: TReconciliationRunKind; requestedBy: string; now: Date },
): Promise<StartedRun> {
  const { agencyId, kind, requestedBy, now } = input;
  return db.transaction(async (tx) => {
    await tx
      .update(runs)
      .set({ status: 'FAILED', finishedAt: now, error: 'its runner stopped before finishing' })
      .where(
        and(
          eq(runs.agencyId, agencyId),
          eq(runs.status, 'RUNNING'),
          isNotLeased(runLeaseName(''), runs.id, now),
        ),
      );
    const [inserted] = await tx
      .insert(runs)
      .values({ agencyId, kind, status: 'RUNNING', requestedBy, startedAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      await claimLeases(tx, [runLeaseName(inserted.id)], now, new Date(now.getTime() + RUN_LEASE_MS));
      return { run: inserted, isNew: true };
    }
    const [running] = await tx
      .select()
      .from(runs)
      .where(and(eq(runs.agencyId, agencyId), eq(runs.status, 'RUNNING')))
      .orderBy(desc(runs.seq))
      .limit(1);
    if (!running) throw new Error('reconciliation run neither started nor running');
    return { run: running, isNew: false };
  });
}
