import { and, asc, eq, lte } from 'drizzle-orm';
import { agencies } from '../db/schema/agency';
import { promotionUsages } from '../db/schema/promotions';
import { AppError } from '../lib/app-error';
import { finishTakeBack } from '../modules/promotions/take-back-bonus';
import { claimLeases, isNotLeased } from './claim-leases';
import { guarded, type StepContext } from './worker-context';

const BATCH = 20;
// The player's own cancel request may still be waiting on the provider; resume only well after it gave up.
const RESUME_AFTER_MS = 60_000;
const REVISIT_MS = 60_000;
const LEASE = 'usage-cancel:';

/**
 * Promotion usages left CANCELING (the provider's answer to the bonus take-back was lost): finished under
 * their own reference by `finishTakeBack`, which the provider and the ledger accept once.
 */
export async function runUnfinishedUsageCancels(ctx: StepContext): Promise<void> {
  const settledBefore = new Date(ctx.now.getTime() - RESUME_AFTER_MS);
  const claimed = await ctx.app.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(promotionUsages)
      .where(
        and(
          eq(promotionUsages.status, 'CANCELING'),
          lte(promotionUsages.updatedAt, settledBefore),
          isNotLeased(LEASE, promotionUsages.id, ctx.now),
        ),
      )
      .orderBy(asc(promotionUsages.updatedAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const until = new Date(ctx.now.getTime() + REVISIT_MS);
    const held = await claimLeases(
      tx,
      rows.map((r) => `${LEASE}${r.id}`),
      ctx.now,
      until,
    );
    return rows.filter((r) => held.has(`${LEASE}${r.id}`));
  });
  for (const usage of claimed) {
    await guarded(ctx, usage.id, async () => {
      ctx.report.usageCancels.push(usage.id);
      const [agency] = await ctx.app.db.select().from(agencies).where(eq(agencies.id, usage.agencyId));
      if (!agency) throw new Error(`agency of usage ${usage.id} vanished`);
      try {
        await finishTakeBack(ctx.app, agency, usage);
      } catch (error) {
        // Still no answer (TRANSFER_PENDING) or the provider is down: a later tick tries again.
        if (!(error instanceof AppError)) throw error;
        ctx.log.info({ usageId: usage.id, code: error.code }, 'usage cancel resumed: not finished');
      }
    });
  }
}
