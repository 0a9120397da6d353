import type { FastifyInstance } from 'fastify';
import { type AgencyReconciliation, runReconciliation } from './run-reconciliation';
import { runWorkerTick } from './run-worker-tick';

/** The in-process worker's state (`app.worker`). */
export type WorkerState = {
  isRunning: boolean;
  /** The last reconciliation this process ran (null until one ran here; another process may run them). */
  lastReconciliation: { at: Date; agencies: AgencyReconciliation[] } | null;
  /**
   * Stops scheduling and waits for the running tick and reconciliation. `server.ts` calls it before
   * `app.close()`: once closing starts, Fastify answers 503, and the sandboxes live in this process.
   */
  stop: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    worker: WorkerState;
  }
}

/**
 * Runs the worker inside this process when `config.worker.isEnabled` (WORKER, default true): a tick every
 * WORKER_INTERVAL_MS after the previous one ends (never overlapping), and reconciliation every
 * RECONCILE_INTERVAL_MS on its own timer so a long statement run never delays crediting. It starts once the
 * server listens (the sandbox adapters call this process over HTTP) and stops on close after the current
 * tick and reconciliation finish, while the server still answers them.
 */
export function registerWorker(app: FastifyInstance): void {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let isStopping = false;
  const state: WorkerState = {
    isRunning: false,
    lastReconciliation: null,
    stop: async () => {
      isStopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
      state.isRunning = false;
    },
  };
  app.decorate('worker', state);
  if (!app.config.worker.isEnabled) return;
  const { intervalMs, reconcileIntervalMs } = app.config.worker;

  function loop(delayMs: number, job: () => Promise<unknown>): void {
    if (isStopping) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = job()
        .catch((error) => app.log.error({ err: error }, 'worker job failed'))
        .finally(() => {
          running.delete(run);
          loop(delayMs, job);
        });
      running.add(run);
    }, delayMs);
    timers.add(timer);
  }

  app.addHook('onListen', async () => {
    if (state.isRunning || isStopping) return;
    state.isRunning = true;
    loop(intervalMs, () => runWorkerTick(app));
    loop(reconcileIntervalMs, async () => {
      const agencies = await runReconciliation(app);
      if (agencies) state.lastReconciliation = { at: app.now(), agencies };
    });
    app.log.info({ intervalMs, reconcileIntervalMs }, 'worker started');
  });

  app.addHook('preClose', () => state.stop());
}
