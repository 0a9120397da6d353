import type { TPromotionListResponse } from '@lc/shared/contracts/promotions';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { promotionKeys } from './promotion-keys';

export function getPromotions(signal?: AbortSignal): Promise<TPromotionListResponse> {
  // Typed, not parsed (decision 0013): the answer is produced from the same shared schema.
  return apiRequest<TPromotionListResponse>('/v2/promotions', { signal });
}

/** The agency's open promotions, in the operator's order; the detail page is opened from this list. */
export function promotionsQueryOptions() {
  return queryOptions({
    queryKey: promotionKeys.list(),
    queryFn: ({ signal }) => getPromotions(signal),
    staleTime: 60 * 1000,
  });
}

export function usePromotions() {
  return useSuspenseQuery(promotionsQueryOptions());
}
