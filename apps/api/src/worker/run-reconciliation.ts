import type { TReconciliationResponse } from '@lc/shared/contracts/reconciliation';
import type { FastifyInstance } from 'fastify';
import { agencies } from '../db/schema/agency';
import { jobScope } from '../modules/ops/record-audit';
import { getReconciliationReport } from '../modules/reconciliation/get-reconciliation-report';
import { launchReconciliationRun } from '../modules/reconciliation/launch-reconciliation-run';
import { claimLeases, pruneLeases } from './claim-leases';

export type AgencyReconciliation = { agency: string; report: TReconciliationResponse | null };

// Expired leases older than this are deleted on each run (they carry no information any more).
const PRUNE_AFTER_MS = 60 * 60_000;

/**
 * The periodic reconciliation (docs/decisions/0022-reconciliation-runs.md): an ACTIVITY run per agency,
 * stored, its differences logged at warn level (`event: reconciliation.differences`) for alerting. One
 * process in the fleet starts them per interval (a lease `reconcile`); the others get null. Starting a run
 * also finishes as FAILED a run whose runner died, and joins (does not duplicate) one an operator started.
 */
export async function runReconciliation(app: FastifyInstance): Promise<AgencyReconciliation[] | null> {
  const now = app.now();
  const log = app.log.child({ job: 'reconciliation' });
  // A little shorter than the interval, so the next run is never skipped because of clock jitter.
  const until = new Date(now.getTime() + Math.floor(app.config.worker.reconcileIntervalMs * 0.9));
  const held = await claimLeases(app.db, ['reconcile'], now, until);
  if (!held.has('reconcile')) return null;
  await pruneLeases(app.db, new Date(now.getTime() - PRUNE_AFTER_MS));

  const results: AgencyReconciliation[] = [];
  for (const agency of await app.db.select().from(agencies)) {
    const { run, finished } = await launchReconciliationRun(app, agency, {
      kind: 'ACTIVITY',
      requestedBy: 'worker',
      scope: jobScope(agency.id),
      log,
    });
    await finished;
    const report = await getReconciliationReport(app.db, agency.id, run.id);
    if (report && report.summary.differences === 0) {
      const { accounts, unavailable } = report.summary;
      log.info({ agency: agency.code, accounts, unavailable }, 'reconciliation: no differences');
    }
    results.push({ agency: agency.code, report });
  }
  return results;
}
