import type { TBacklistResponse } from '@lc/shared/contracts/players';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { promotionKeys } from './promotion-keys';

/** GET /v2/players/backlist: whether the operator barred this player from promotions. */
export function getBacklist(signal?: AbortSignal): Promise<TBacklistResponse> {
  return apiRequest<TBacklistResponse>('/v2/players/backlist', { signal });
}

/** The spec's checkBlocking: a blocked player sees the blocked message instead of the Use buttons. */
export function backlistQueryOptions() {
  return queryOptions({
    queryKey: promotionKeys.backlist(),
    queryFn: ({ signal }) => getBacklist(signal),
    staleTime: 60 * 1000,
  });
}

export function useBacklist() {
  return useSuspenseQuery(backlistQueryOptions());
}
