import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AgencyRow } from '../../db/schema/agency';
import {
  type ReconciliationRunRow,
  reconciliationRuns as runs,
  type TReconciliationRunKind,
} from '../../db/schema/reconciliation';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { executeReconciliationRun } from './execute-reconciliation-run';
import { runDepsOf } from './run-deps-of';
import { startReconciliationRun } from './start-reconciliation-run';

// Runs executing in this process, per app: closing the app waits for them (the sandbox providers they
// call live in this process too).
const inFlight = new WeakMap<FastifyInstance, Set<Promise<void>>>();

export type LaunchedRun = {
  run: ReconciliationRunRow;
  /** Settles when this process's runner has stored the run; at once for a run another runner holds. */
  finished: Promise<void>;
};

/**
 * Starts a run (or joins the agency's running one) and executes it in this process in the background; when
 * it is stored, its counts go to the audit log (who asked, what was found) and differences to a warning.
 */
export async function launchReconciliationRun(
  app: FastifyInstance,
  agency: AgencyRow,
  input: { kind: TReconciliationRunKind; requestedBy: string; scope: AuditScope; log: FastifyBaseLogger },
): Promise<LaunchedRun> {
  const started = await startReconciliationRun(app.db, {
    agencyId: agency.id,
    kind: input.kind,
    requestedBy: input.requestedBy,
    now: app.now(),
  });
  if (!started.isNew) return { run: started.run, finished: Promise.resolve() };
  const finished = (async () => {
    await executeReconciliationRun(runDepsOf(app, input.log), agency, started.run);
    const [run] = await app.db.select().from(runs).where(eq(runs.id, started.run.id));
    if (!run) return;
    const details = {
      runId: run.id,
      status: run.status,
      accounts: run.accountsChecked,
      differences: run.differences,
      unavailable: run.unavailable,
    };
    await recordAudit(app.db, {
      actor: input.requestedBy,
      scope: input.scope,
      action: 'reconciliation.run',
      target: `agency:${agency.code}`,
      details,
      at: app.now(),
    });
    if (run.differences > 0) {
      input.log.warn(
        { event: 'reconciliation.differences', agency: agency.code, ...details },
        'ledger differs from the providers',
      );
    }
  })().catch((error) => input.log.error({ err: error, runId: started.run.id }, 'reconciliation run failed'));
  let running = inFlight.get(app);
  if (!running) {
    running = new Set();
    inFlight.set(app, running);
  }
  const tracked = running;
  tracked.add(finished);
  void finished.finally(() => tracked.delete(finished));
  return { run: started.run, finished };
}

/** Waits for the runs this process is executing (called before the app closes). */
export async function waitForReconciliationRuns(app: FastifyInstance): Promise<void> {
  await Promise.allSettled([...(inFlight.get(app) ?? [])]);
}
