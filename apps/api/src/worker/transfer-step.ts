import { and, asc, inArray, isNull, lte, or } from 'drizzle-orm';
import { transfers, UNFINISHED_TRANSFER_STATUSES } from '../db/schema/transfers';
import { resumeTransfer, transferHoldUntil } from '../modules/transfers/resume-transfer';
import { forEachLimit } from './map-limit';
import { guarded, type StepContext } from './worker-context';

const BATCH = 50;
const PARALLEL = 8;

/**
 * Transfers between providers left unfinished (decision 0072): a leg's answer lost, a retry due, a return
 * under way, or a request that died between its legs. Due ones (`next_attempt_at` passed: their request's
 * hold ran out, or the time set by the last try) are picked `FOR UPDATE SKIP LOCKED` and held for as long as
 * a leg can take in the same transaction, so parallel workers never drive the same one; `resumeTransfer`
 * then looks the leg up before sending anything and sets when it is looked at again.
 */
export async function runUnfinishedTransfers(ctx: StepContext): Promise<void> {
  const references = await ctx.app.db.transaction(async (tx) => {
    const rows = await tx
      .select({ reference: transfers.reference })
      .from(transfers)
      .where(
        and(
          inArray(transfers.status, [...UNFINISHED_TRANSFER_STATUSES]),
          or(isNull(transfers.nextAttemptAt), lte(transfers.nextAttemptAt, ctx.now)),
        ),
      )
      .orderBy(asc(transfers.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = rows.map((r) => r.reference);
    if (claimed.length > 0) {
      await tx
        .update(transfers)
        .set({ nextAttemptAt: transferHoldUntil(ctx.app, ctx.now) })
        .where(inArray(transfers.reference, claimed));
    }
    return claimed;
  });
  await forEachLimit(references, PARALLEL, (reference) =>
    guarded(ctx, reference, async () => {
      ctx.report.transfers.push(reference);
      await resumeTransfer(ctx.app, reference, ctx.log.child({ transfer: reference }));
    }),
  );
}
