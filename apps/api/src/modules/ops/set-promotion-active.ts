import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import { type PromotionRow, promotions } from '../../db/schema/promotions';
import { AppError } from '../../lib/app-error';
import { lockPromotion } from './lock-promotion';
import { type AuditScope, recordAudit } from './record-audit';

export type SetPromotionActiveInput = {
  agency: AgencyRow;
  id: string;
  isActive: boolean;
  actor: string;
  scope: AuditScope;
  now: Date;
};

/**
 * Ops: shows (activate) or hides (deactivate) a promotion for players; audited as `promotion.activate` or
 * `promotion.deactivate`, also when it was already so (the operator's intent is on record). A usage waiting
 * for its deposit when its promotion is deactivated ends at that deposit (docs/decisions/0014).
 */
export async function setPromotionActive(
  db: Db,
  { agency, id, isActive, actor, scope, now }: SetPromotionActiveInput,
) {
  return db.transaction(async (tx): Promise<PromotionRow> => {
    const before = await lockPromotion(tx, agency.id, id);
    if (!before) throw new AppError(404, 'NOT_FOUND', 'No such promotion');
    let row = before;
    if (before.active !== isActive) {
      const [updated] = await tx
        .update(promotions)
        .set({ active: isActive, updatedAt: now })
        .where(eq(promotions.id, before.id))
        .returning();
      if (!updated) throw new Error('promotion update returned nothing');
      row = updated;
    }
    await recordAudit(tx, {
      actor,
      scope,
      action: isActive ? 'promotion.activate' : 'promotion.deactivate',
      target: `promotion:${before.id}`,
      details: { title: before.title.lo, wasActive: before.active },
      at: now,
    });
    return row;
  });
}
