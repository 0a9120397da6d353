import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { workerLeases } from '../../db/schema/worker-leases';

// A runner holds its run's lease this long and renews it as it goes; a run whose lease lapsed has lost its
// runner (the process died) and is finished as FAILED by the next start.
export const RUN_LEASE_MS = 60_000;

/** The worker lease that marks a run as having a live runner. */
export const runLeaseName = (runId: string) => `reconcile-run:${runId}`;

/** Extends the runner's lease on its run from `now` (the holder renews; nobody else writes it). */
export async function renewRunLease(db: DbOrTx, runId: string, now: Date): Promise<void> {
  await db
    .update(workerLeases)
    .set({ until: new Date(now.getTime() + RUN_LEASE_MS) })
    .where(eq(workerLeases.name, runLeaseName(runId)));
}
