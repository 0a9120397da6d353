import { and, asc, inArray } from 'drizzle-orm';
import { withdrawals } from '../db/schema/withdrawals';
import { resolveWithdrawal } from '../modules/withdrawals/resolve-withdrawal';
import { claimLeases, isNotLeased } from './claim-leases';
import { forEachLimit } from './map-limit';
import { guarded, type StepContext } from './worker-context';

const BATCH = 50;
const PARALLEL = 8;
// How often one unresolved withdrawal is looked at (a look-up each time; a re-send only after RESEND_AFTER_MS).
const REVISIT_MS = 10_000;

/**
 * Withdrawals whose provider transfer has no known outcome (PENDING: out, RETURNING: back after a staff
 * reject), handed to `resolveWithdrawal`. Picked `FOR UPDATE SKIP LOCKED` and leased for 10 s, so parallel
 * workers never resolve the same one at once and each is revisited at a modest pace.
 */
export async function runUnresolvedWithdrawals(ctx: StepContext): Promise<void> {
  const codes = await ctx.app.db.transaction(async (tx) => {
    const rows = await tx
      .select({ code: withdrawals.code })
      .from(withdrawals)
      .where(
        and(
          inArray(withdrawals.status, ['PENDING', 'RETURNING']),
          isNotLeased('withdrawal:', withdrawals.code, ctx.now),
        ),
      )
      .orderBy(asc(withdrawals.updatedAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const until = new Date(ctx.now.getTime() + REVISIT_MS);
    const held = await claimLeases(
      tx,
      rows.map((r) => `withdrawal:${r.code}`),
      ctx.now,
      until,
    );
    return rows.map((r) => r.code).filter((code) => held.has(`withdrawal:${code}`));
  });
  await forEachLimit(codes, PARALLEL, (code) =>
    guarded(ctx, code, async () => {
      ctx.report.withdrawals.push(code);
      await resolveWithdrawal(ctx.app, code, ctx.log.child({ code }));
    }),
  );
}
