import type { TPromotion, TPromotionInput } from '@lc/shared/contracts/promotions';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import { type PromotionRow, promotions } from '../../db/schema/promotions';
import { AppError } from '../../lib/app-error';
import { toPromotionDto, toPromotionValues } from '../promotions/promotion-mapping';
import { checkPromotionDepositAmount } from './check-promotion-deposit-amount';
import { lockPromotion } from './lock-promotion';
import { type AuditScope, recordAudit } from './record-audit';

export type UpdatePromotionInput = {
  agency: AgencyRow;
  id: string;
  input: TPromotionInput;
  actor: string;
  scope: AuditScope;
  now: Date;
};

/**
 * Ops: replaces every field of a promotion (PUT). Usages under way keep what was copied or fixed when they
 * started (deposit amount, target). The audit row (`promotion.update`) holds each changed field, before and
 * after, so the log alone tells what an operator changed.
 */
export async function updatePromotion(
  db: Db,
  { agency, id, input, actor, scope, now }: UpdatePromotionInput,
) {
  checkPromotionDepositAmount(agency, input);
  return db.transaction(async (tx): Promise<PromotionRow> => {
    const before = await lockPromotion(tx, agency.id, id);
    if (!before) throw new AppError(404, 'NOT_FOUND', 'No such promotion');
    const [after] = await tx
      .update(promotions)
      .set({ ...toPromotionValues(input), updatedAt: now })
      .where(eq(promotions.id, before.id))
      .returning();
    if (!after) throw new Error('promotion update returned nothing');
    await recordAudit(tx, {
      actor,
      scope,
      action: 'promotion.update',
      target: `promotion:${before.id}`,
      details: { changes: changesBetween(toPromotionDto(before), toPromotionDto(after)) },
      at: now,
    });
    return after;
  });
}

/** `{field: {from, to}}` for every top-level field whose value differs. */
function changesBetween(
  before: TPromotion,
  after: TPromotion,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof TPromotion)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}
