import type { TPromotion, TPromotionResponse } from '@lc/shared/contracts/promotions';
import { apiRequest } from '@lc/ui/api-client';
import { type QueryClient, queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { promotionsQueryOptions } from './get-promotions';
import { promotionKeys } from './promotion-keys';

export function getPromotion(id: string, signal?: AbortSignal): Promise<TPromotionResponse> {
  return apiRequest<TPromotionResponse>(`/v2/promotions/${encodeURIComponent(id)}`, { signal });
}

/** One promotion by id (404 NOT_FOUND once it is no longer open). */
export function promotionQueryOptions(id: string) {
  return queryOptions({
    queryKey: promotionKeys.detail(id),
    queryFn: ({ signal }) => getPromotion(id, signal),
    staleTime: 60 * 1000,
  });
}

/**
 * The detail page's data (spec: the promotion list is prefetched before it opens): the list is ensured,
 * the promotion found in it seeds its own detail query, so the page opens without a second request and the
 * detail query refreshes it later. Null when the list does not hold `id`.
 */
export async function ensurePromotionFromList(
  queryClient: QueryClient,
  id: string,
): Promise<TPromotion | null> {
  const { promotions } = await queryClient.ensureQueryData(promotionsQueryOptions());
  const promotion = promotions.find((item) => item.id === id) ?? null;
  if (promotion && !queryClient.getQueryData(promotionKeys.detail(id))) {
    queryClient.setQueryData(promotionKeys.detail(id), { promotion });
  }
  return promotion;
}

export function usePromotion(id: string) {
  return useSuspenseQuery(promotionQueryOptions(id));
}
