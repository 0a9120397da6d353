import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { TOpenWithdrawalsResponse } from './types';
import { withdrawKeys } from './withdraw-keys';

export function getOpenWithdrawals(signal?: AbortSignal): Promise<TOpenWithdrawalsResponse> {
  return apiRequest<TOpenWithdrawalsResponse>('/v2/withdrawals/open', { signal });
}

/** The player's withdrawal waiting for payout (at most one): shown instead of the form. */
export function openWithdrawalsQueryOptions() {
  return queryOptions({
    queryKey: withdrawKeys.openOrders(),
    queryFn: ({ signal }) => getOpenWithdrawals(signal),
    staleTime: 0,
  });
}

export function useOpenWithdrawals() {
  return useSuspenseQuery(openWithdrawalsQueryOptions());
}
