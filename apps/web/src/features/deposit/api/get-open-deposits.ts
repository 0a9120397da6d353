import type { TOpenDepositsResponse } from '@lc/shared/contracts/deposits';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { depositKeys } from './deposit-keys';

export function getOpenDeposits(signal?: AbortSignal): Promise<TOpenDepositsResponse> {
  return apiRequest<TOpenDepositsResponse>('/v2/deposits/open', { signal });
}

/** The player's OPEN deposit (at most one): the page goes straight to its QR. Always re-read on entry. */
export function openDepositsQueryOptions() {
  return queryOptions({
    queryKey: depositKeys.openOrders(),
    queryFn: ({ signal }) => getOpenDeposits(signal),
    staleTime: 0,
  });
}

export function useOpenDeposits() {
  return useSuspenseQuery(openDepositsQueryOptions());
}
