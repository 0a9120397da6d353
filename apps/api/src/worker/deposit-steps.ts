import { and, asc, eq, gt, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type DepositRow, deposits } from '../db/schema/deposits';
import { PAYMENT_CLOCK_SKEW_MS } from '../modules/bank-payments/classify-payment';
import { expireDeposit } from '../modules/deposits/expire-deposit';
import { findDepositsDue } from '../modules/deposits/find-deposits-due';
import { settleDeposit } from '../modules/deposits/settle-deposit';
import { claimLeases, isNotLeased } from './claim-leases';
import { forEachLimit } from './map-limit';
import { guarded, type StepContext } from './worker-context';

const DUE_BATCH = 50;
const LOOK_UP_BATCH = 20;
const PARALLEL = 8;
// An OPEN deposit is asked about at most this often (the bank should not carry the load of every QR shown).
const LOOK_UP_EVERY_MS = 30_000;

/**
 * Expired OPEN deposits (one last bank look-up, then CANCELED or settled) and PAID ones due for a credit retry.
 * `findDepositsDue` claims them (SKIP LOCKED + a pushed next_attempt_at), so workers never share one.
 */
export async function runDueDeposits(ctx: StepContext): Promise<void> {
  const due = await findDepositsDue(ctx.app.db, ctx.now, DUE_BATCH);
  await forEachLimit(due, PARALLEL, (item) =>
    guarded(ctx, item.code, async () => {
      ctx.report.deposits.push(item.code);
      const row =
        item.status === 'OPEN'
          ? await expireDeposit(ctx.app, item.code)
          : await settleDeposit(ctx.app, item.code);
      if (row) await retryWhenLeaseEnds(ctx, row);
    }),
  );
}

/**
 * A deposit left PAID because another settler holds its credit lease (or held it and died: a crash) is
 * retried as soon as that lease runs out, not a whole claim period later.
 */
async function retryWhenLeaseEnds(ctx: StepContext, row: DepositRow): Promise<void> {
  const lease = row.creditLeaseUntil;
  if (row.status !== 'PAID' || row.isAmountMismatch || !lease || lease <= ctx.now) return;
  await ctx.app.db
    .update(deposits)
    .set({ nextAttemptAt: lease })
    .where(and(eq(deposits.code, row.code), eq(deposits.status, 'PAID'), gt(deposits.nextAttemptAt, lease)));
}

/**
 * OPEN deposits older than `lookUpAfterMs` and not yet expired: asked at the bank at most every 30 s, so a
 * payment whose webhook was lost (bank fault, or this process died before handling it) is still settled
 * within about half a minute, not only at expiry.
 */
export async function runDepositLookUps(ctx: StepContext): Promise<void> {
  const { config } = ctx.app;
  const bornBefore = new Date(ctx.now.getTime() - config.worker.lookUpAfterMs);
  const codes = await claimDepositCodes(ctx, {
    prefix: 'deposit-lookup:',
    where: and(
      eq(deposits.status, 'OPEN'),
      lte(deposits.createdAt, bornBefore),
      gt(deposits.expiresAt, ctx.now),
    ),
    oldestFirst: deposits.createdAt,
    claimMs: LOOK_UP_EVERY_MS,
  });
  await forEachLimit(codes, PARALLEL, (code) =>
    guarded(ctx, code, async () => {
      ctx.report.lookUps.push(code);
      await settleDeposit(ctx.app, code);
    }),
  );
}

// A closed order's final look-up is claimed for this long: a failed one (bank down) is tried again then.
const FINAL_LOOK_UP_CLAIM_MS = 60_000;

/**
 * Closed orders (SUCCESS, CANCELED, REJECTED, FAILED) whose life has ended (QR expiry + clock skew): the
 * bank is asked about each bill once more, so a payment made while the QR was valid whose webhook was lost
 * for good (a second payment of a settled bill, a payment after a cancel) is kept for staff even when
 * nobody checks the order again (decision 0029). Done once per order (`final_look_up_at`); a failed look-up
 * is retried after its claim runs out.
 */
export async function runFinalLookUps(ctx: StepContext): Promise<void> {
  const { db } = ctx.app;
  const endedBefore = new Date(ctx.now.getTime() - PAYMENT_CLOCK_SKEW_MS);
  const codes = await claimDepositCodes(ctx, {
    prefix: 'deposit-final:',
    where: and(
      isNull(deposits.finalLookUpAt),
      inArray(deposits.status, ['SUCCESS', 'CANCELED', 'REJECTED', 'FAILED']),
      lte(deposits.expiresAt, endedBefore),
    ),
    oldestFirst: deposits.expiresAt,
    claimMs: FINAL_LOOK_UP_CLAIM_MS,
  });
  await forEachLimit(codes, PARALLEL, (code) =>
    guarded(ctx, code, async () => {
      ctx.report.lookUps.push(code);
      await settleDeposit(ctx.app, code, { isAskingBank: true });
      await db
        .update(deposits)
        .set({ finalLookUpAt: ctx.app.now() })
        .where(and(eq(deposits.code, code), isNull(deposits.finalLookUpAt)));
    }),
  );
}

/**
 * Up to LOOK_UP_BATCH deposit codes matching `where` (oldest first), each claimed through a worker lease
 * `prefix + code` for `claimMs`, in one short transaction (`FOR UPDATE SKIP LOCKED`): any number of workers
 * never take the same deposit at once.
 */
async function claimDepositCodes(
  ctx: StepContext,
  claim: { prefix: string; where: SQL | undefined; oldestFirst: AnyPgColumn; claimMs: number },
): Promise<string[]> {
  return ctx.app.db.transaction(async (tx) => {
    const rows = await tx
      .select({ code: deposits.code })
      .from(deposits)
      .where(and(claim.where, isNotLeased(claim.prefix, deposits.code, ctx.now)))
      .orderBy(asc(claim.oldestFirst))
      .limit(LOOK_UP_BATCH)
      .for('update', { skipLocked: true });
    const until = new Date(ctx.now.getTime() + claim.claimMs);
    const held = await claimLeases(
      tx,
      rows.map((r) => `${claim.prefix}${r.code}`),
      ctx.now,
      until,
    );
    return rows.map((r) => r.code).filter((code) => held.has(`${claim.prefix}${code}`));
  });
}
