import type { TOpsPromotion } from '@lc/shared/contracts/ops-promotions';
import type { PromotionRow } from '../../db/schema/promotions';
import { toPromotionDto } from '../promotions/promotion-mapping';

/** The promotion as operators see it: the players' view plus when it was created and last changed. */
export function toOpsPromotionDto(row: PromotionRow): TOpsPromotion {
  return {
    ...toPromotionDto(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
