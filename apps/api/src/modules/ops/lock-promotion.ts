import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type PromotionRow, promotions } from '../../db/schema/promotions';
import { isUuid } from '../../lib/is-uuid';

/**
 * The agency's promotion `id`, locked (`FOR UPDATE`) for the rest of the transaction so two operators'
 * changes queue and each audit row shows what really was before; null when unknown or malformed.
 */
export async function lockPromotion(tx: DbOrTx, agencyId: string, id: string): Promise<PromotionRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.agencyId, agencyId)))
    .for('update');
  return row ?? null;
}
