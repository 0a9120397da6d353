import { and, asc, eq, lte } from 'drizzle-orm';
import { agencies } from '../db/schema/agency';
import { opsCredits } from '../db/schema/ops-credits';
import { AppError } from '../lib/app-error';
import { creditPlayer, opsCreditReference } from '../modules/ops/credit-player';
import { jobScope } from '../modules/ops/record-audit';
import { claimLeases, isNotLeased } from './claim-leases';
import { guarded, type StepContext } from './worker-context';

const BATCH = 20;
// The operator's own request may still be waiting on the provider; resume only well after it gave up.
const RESUME_AFTER_MS = 60_000;
const REVISIT_MS = 60_000;
const PREFIX = opsCreditReference('');

/**
 * Operators' manual credits left PENDING (the provider's answer was lost): resumed under their own reference
 * by `creditPlayer`, which the provider and the ledger accept once, so a resume can never credit twice.
 */
export async function runPendingOpsCredits(ctx: StepContext): Promise<void> {
  const settledBefore = new Date(ctx.now.getTime() - RESUME_AFTER_MS);
  const claimed = await ctx.app.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(opsCredits)
      .where(
        and(
          eq(opsCredits.status, 'PENDING'),
          lte(opsCredits.updatedAt, settledBefore),
          isNotLeased('ops-credit-resume:', opsCredits.reference, ctx.now),
        ),
      )
      .orderBy(asc(opsCredits.updatedAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const until = new Date(ctx.now.getTime() + REVISIT_MS);
    const held = await claimLeases(
      tx,
      rows.map((r) => `ops-credit-resume:${r.reference}`),
      ctx.now,
      until,
    );
    return rows.filter((r) => held.has(`ops-credit-resume:${r.reference}`));
  });
  for (const credit of claimed) {
    await guarded(ctx, credit.reference, async () => {
      ctx.report.opsCredits.push(credit.reference);
      const [agency] = await ctx.app.db.select().from(agencies).where(eq(agencies.id, credit.agencyId));
      if (!agency) throw new Error(`agency of ${credit.reference} vanished`);
      try {
        await creditPlayer(ctx.app.db, {
          agency,
          playerId: credit.playerId,
          provider: ctx.app.providers.of(credit.agencyId, credit.provider),
          amount: credit.amount,
          // Credits recorded before a reason was required have none.
          reason: credit.reason ?? 'ops credit',
          key: credit.reference.slice(PREFIX.length),
          actor: 'worker',
          scope: jobScope(agency.id),
          now: ctx.now,
          log: ctx.log,
        });
      } catch (error) {
        // Refused by the provider: now REJECTED (audited by creditPlayer), nothing more to do.
        if (!(error instanceof AppError)) throw error;
        ctx.log.info({ reference: credit.reference, code: error.code }, 'ops credit resumed: not applied');
      }
    });
  }
}
