import type { TProvider } from '@lc/shared/providers';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RunDeps } from './execute-reconciliation-run';

/**
 * A run's dependencies from the app. The sweep reads `known × interval / period` already-checked accounts
 * per run (at least one), so every account is read within RECONCILE_SWEEP_PERIOD_MS.
 */
export function runDepsOf(app: FastifyInstance, log: FastifyBaseLogger): RunDeps {
  const { reconcileIntervalMs, reconcileSweepPeriodMs } = app.config.worker;
  return {
    db: app.db,
    providerOf: (agencyId: string, provider: TProvider) => app.providers.of(agencyId, provider),
    log,
    now: () => app.now(),
    sweepSize: (known) =>
      known === 0 ? 0 : Math.max(1, Math.ceil((known * reconcileIntervalMs) / reconcileSweepPeriodMs)),
  };
}
