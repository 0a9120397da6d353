import type { TReconciliationResponse } from '@lc/shared/contracts/reconciliation';
import type { TProvider } from '@lc/shared/providers';
import type { FastifyInstance } from 'fastify';
import { agencies } from '../db/schema/agency';
import { reconcileAccounts } from '../modules/reconciliation/reconcile-accounts';
import { claimLeases, pruneLeases } from './claim-leases';

export type AgencyReconciliation = { agency: string; report: TReconciliationResponse };

// Expired leases older than this are deleted on each run (they carry no information any more).
const PRUNE_AFTER_MS = 60 * 60_000;

/**
 * The periodic reconciliation: every agency's ledger against the providers' statements; differences are
 * logged at warn level (`event: reconciliation.differences`) for alerting. One process in the fleet runs it
 * per interval (a lease `reconcile`); the others get null.
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
    const deps = { db: app.db, providerOf: (p: TProvider) => app.providers.get(p), log, now };
    const report = await reconcileAccounts(deps, agency);
    const { accounts, differences, unavailable } = report.summary;
    if (differences > 0) {
      const rows = report.rows
        .filter((r) => r.status === 'DIFFERENCE')
        .slice(0, 20)
        .map((r) => ({ playerId: r.playerId, provider: r.provider, difference: r.difference }));
      log.warn(
        { event: 'reconciliation.differences', agency: agency.code, differences, rows },
        'ledger differs from provider statements',
      );
    } else {
      log.info({ agency: agency.code, accounts, unavailable }, 'reconciliation: no differences');
    }
    results.push({ agency: agency.code, report });
  }
  return results;
}
