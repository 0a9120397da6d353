import { and, asc, inArray, isNull, lte, or } from 'drizzle-orm';
import { withdrawals } from '../db/schema/withdrawals';
import { resolveWithdrawal } from '../modules/withdrawals/resolve-withdrawal';
import { forEachLimit } from './map-limit';
import { guarded, type StepContext } from './worker-context';

const BATCH = 50;
const PARALLEL = 8;
// How long a claim keeps other workers off one withdrawal; without a backoff of its own (a failed transfer
// back, a held conflict) it is also how often it is looked at: a look-up each time, a re-send only after
// RESEND_AFTER_MS.
const REVISIT_MS = 10_000;

/**
 * Withdrawals whose provider transfer has no known outcome (PENDING: out, RETURNING and BOUNCE_RETURNING: back after a staff
 * reject) and are due (`next_attempt_at` passed or unset), handed to `resolveWithdrawal`. Picked `FOR UPDATE
 * SKIP LOCKED` and claimed by moving `next_attempt_at` 10 s on in the same transaction, so parallel workers
 * never resolve the same one at once; the outcome may then set a longer backoff (docs/decisions/0028).
 */
export async function runUnresolvedWithdrawals(ctx: StepContext): Promise<void> {
  const codes = await ctx.app.db.transaction(async (tx) => {
    const rows = await tx
      .select({ code: withdrawals.code })
      .from(withdrawals)
      .where(
        and(
          inArray(withdrawals.status, ['PENDING', 'RETURNING', 'BOUNCE_RETURNING']),
          or(isNull(withdrawals.nextAttemptAt), lte(withdrawals.nextAttemptAt, ctx.now)),
        ),
      )
      .orderBy(asc(withdrawals.updatedAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = rows.map((r) => r.code);
    if (claimed.length > 0) {
      await tx
        .update(withdrawals)
        .set({ nextAttemptAt: new Date(ctx.now.getTime() + REVISIT_MS) })
        .where(inArray(withdrawals.code, claimed));
    }
    return claimed;
  });
  await forEachLimit(codes, PARALLEL, (code) =>
    guarded(ctx, code, async () => {
      ctx.report.withdrawals.push(code);
      await resolveWithdrawal(ctx.app, code, ctx.log.child({ code }));
    }),
  );
}
