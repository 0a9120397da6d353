import type { TUsagePage } from '@lc/shared/contracts/promotions';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { promotionKeys } from './promotion-keys';

export function getUsages(page: number, pageSize: number, signal?: AbortSignal): Promise<TUsagePage> {
  // Typed, not parsed: a status this build does not know must still show (as a grey chip).
  const query = new URLSearchParams({ page: `${page}`, pageSize: `${pageSize}` });
  return apiRequest<TUsagePage>(`/v2/promotions/usages?${query}`, { signal });
}

/** One page of the player's promotion usages, newest first. */
export function usagesQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: promotionKeys.usages(page, pageSize),
    queryFn: ({ signal }) => getUsages(page, pageSize, signal),
    staleTime: 0,
  });
}

export function useUsages(page: number, pageSize: number) {
  return useSuspenseQuery(usagesQueryOptions(page, pageSize));
}
