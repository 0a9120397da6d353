import type { FastifyInstance } from 'fastify';
import { runDepositLookUps, runDueDeposits, runFinalLookUps } from './deposit-steps';
import { runPendingGameSessionEnds } from './game-session-end-step';
import { runPendingOpsCredits } from './ops-credit-step';
import { runUnfinishedTransfers } from './transfer-step';
import { runUnfinishedUsageCancels } from './usage-cancel-step';
import { runUnresolvedWithdrawals } from './withdrawal-step';
import type { StepContext, TickReport } from './worker-context';

export type { TickReport } from './worker-context';

const STEPS = [
  ['due-deposits', runDueDeposits],
  ['deposit-look-ups', runDepositLookUps],
  ['final-look-ups', runFinalLookUps],
  ['withdrawals', runUnresolvedWithdrawals],
  ['transfers', runUnfinishedTransfers],
  ['ops-credits', runPendingOpsCredits],
  ['usage-cancels', runUnfinishedUsageCancels],
  ['game-session-ends', runPendingGameSessionEnds],
] as const;

/**
 * One pass of the background worker (docs/decisions/0012-worker.md): expire and retry deposits, look up OPEN
 * deposits whose webhook may be lost and closed ones once more after their life, resolve withdrawals, ops credits and promotion cancels without a known outcome,
 * finish transfers between providers,
 * and ask providers again to end the game sessions of a time-out or self-exclusion. Every step
 * claims its items in a short transaction (`FOR UPDATE SKIP LOCKED`), so any number of processes may run
 * ticks at once; the provider and bank calls happen afterwards through the modules' idempotent functions. A
 * failing item or step is logged and counted, never thrown.
 */
export async function runWorkerTick(app: FastifyInstance): Promise<TickReport> {
  const report: TickReport = {
    deposits: [],
    lookUps: [],
    withdrawals: [],
    transfers: [],
    opsCredits: [],
    usageCancels: [],
    gameSessionEnds: [],
    errors: 0,
  };
  const log = app.log.child({ job: 'worker' });
  for (const [name, step] of STEPS) {
    // Each step reads the clock afresh: a slow earlier step must not make later ones act on stale time.
    const ctx: StepContext = { app, log, now: app.now(), report };
    try {
      await step(ctx);
    } catch (error) {
      report.errors += 1;
      log.error({ err: error, step: name }, 'worker step failed');
    }
  }
  return report;
}

/** True when the tick found nothing to do. */
export const isIdleTick = (r: TickReport): boolean =>
  r.deposits.length +
    r.lookUps.length +
    r.withdrawals.length +
    r.transfers.length +
    r.opsCredits.length +
    r.usageCancels.length +
    r.gameSessionEnds.length ===
  0;
