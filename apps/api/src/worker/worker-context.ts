import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** What one tick did: the codes each step handled (tests check that two workers never share one). */
export type TickReport = {
  /** Deposits past their expiry or due for a credit retry (findDepositsDue). */
  deposits: string[];
  /** OPEN deposits looked up at the bank (a lost webhook). */
  lookUps: string[];
  /** Withdrawals whose provider transfer had no known outcome. */
  withdrawals: string[];
  /** Transfers between providers left unfinished (their references). */
  transfers: string[];
  /** Operators' manual credits left PENDING. */
  opsCredits: string[];
  /** Promotion usages whose cancel (the bonus taken back) had no known outcome. */
  usageCancels: string[];
  /** Game-session ends a provider did not confirm (`game-session-end:<player>:<provider>`). */
  gameSessionEnds: string[];
  /** Items (or whole steps) that threw; each was logged with its code. */
  errors: number;
};

export type StepContext = { app: FastifyInstance; log: FastifyBaseLogger; now: Date; report: TickReport };

/** Runs one item's work; an error is logged with the item's code and counted, never thrown to the tick. */
export async function guarded(ctx: StepContext, item: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    ctx.report.errors += 1;
    // Codes and error messages only: rows (account numbers) are never logged.
    ctx.log.warn({ err: error, item }, 'worker item failed; retried on a later tick');
  }
}
