import type { TPromotionInput } from '@lc/shared/contracts/promotions';
import type { Db } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import { type PromotionRow, promotions } from '../../db/schema/promotions';
import { toPromotionValues } from '../promotions/promotion-mapping';
import { checkPromotionDepositAmount } from './check-promotion-deposit-amount';
import { type AuditScope, recordAudit } from './record-audit';

export type CreatePromotionInput = {
  agency: AgencyRow;
  input: TPromotionInput;
  actor: string;
  scope: AuditScope;
  now: Date;
};

/** Ops: a new promotion of the agency, audited (`promotion.create`, with every field) in the same transaction. */
export async function createPromotion(db: Db, { agency, input, actor, scope, now }: CreatePromotionInput) {
  checkPromotionDepositAmount(agency, input);
  return db.transaction(async (tx): Promise<PromotionRow> => {
    const [row] = await tx
      .insert(promotions)
      .values({ ...toPromotionValues(input), agencyId: agency.id, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('promotion insert returned nothing');
    await recordAudit(tx, {
      actor,
      scope,
      action: 'promotion.create',
      target: `promotion:${row.id}`,
      details: { promotion: input },
      at: now,
    });
    return row;
  });
}
