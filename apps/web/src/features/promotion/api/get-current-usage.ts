import type { TCurrentUsageResponse } from '@lc/shared/contracts/promotions';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { promotionKeys } from './promotion-keys';

export function getCurrentUsage(signal?: AbortSignal): Promise<TCurrentUsageResponse> {
  return apiRequest<TCurrentUsageResponse>('/v2/players/promotions/using', { signal });
}

/**
 * The player's promotion in use (ACTIVE or USED), or null. Never fresh: a deposit, a withdrawal or the
 * worker can move it at any time, and the deposit form locks its amount by it.
 */
export function currentUsageQueryOptions() {
  return queryOptions({
    queryKey: promotionKeys.current(),
    queryFn: ({ signal }) => getCurrentUsage(signal),
    staleTime: 0,
  });
}

export function useCurrentUsage() {
  return useSuspenseQuery(currentUsageQueryOptions());
}
