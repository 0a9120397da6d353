import type { ZOpsPromotionUsagesResponse } from '@lc/shared/contracts/ops-player-page';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { playerPartQueryOptions } from './player-part-query';

export type TOpsPromotionUsagesResponse = z.infer<typeof ZOpsPromotionUsagesResponse>;

/** The player's promotion usages in every state. */
export function playerPromotionUsagesQueryOptions(id: string, page: number) {
  return playerPartQueryOptions<TOpsPromotionUsagesResponse>(id, 'promotion-usages', page);
}

export function usePlayerPromotionUsages(id: string, page: number) {
  return useQuery(playerPromotionUsagesQueryOptions(id, page));
}
