import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type PromotionRow, promotions } from '../../db/schema/promotions';

/** Every promotion of the agency (inactive and ended ones too), newest first. */
export async function listOpsPromotions(db: DbOrTx, agencyId: string): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(eq(promotions.agencyId, agencyId))
    .orderBy(desc(promotions.createdAt), desc(promotions.id));
}
