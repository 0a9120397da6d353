import type { TOpsPromotionListResponse } from '@lc/shared/contracts/ops-promotions';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { promotionKeys } from '@/lib/query-keys';

export function getPromotions(signal?: AbortSignal): Promise<TOpsPromotionListResponse> {
  return apiRequest<TOpsPromotionListResponse>('/ops/v1/promotions', { signal });
}

/** Every promotion of the agency, inactive and ended ones too, newest first. */
export function promotionsQueryOptions() {
  return queryOptions({ queryKey: promotionKeys.list({}), queryFn: ({ signal }) => getPromotions(signal) });
}

export function usePromotions() {
  return useQuery(promotionsQueryOptions());
}
