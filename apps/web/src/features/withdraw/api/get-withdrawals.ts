import type { TWithdrawPage } from '@lc/shared/contracts/withdrawals';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { withdrawKeys } from './withdraw-keys';

export function getWithdrawals(page: number, pageSize: number, signal?: AbortSignal): Promise<TWithdrawPage> {
  // Typed, not parsed: a status this build does not know must still show (as a grey chip), not fail the page.
  const query = new URLSearchParams({ page: `${page}`, pageSize: `${pageSize}` });
  return apiRequest<TWithdrawPage>(`/v2/withdrawals?${query}`, { signal });
}

/** One page of the player's withdrawals, newest first. */
export function withdrawalsQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: withdrawKeys.list(page, pageSize),
    queryFn: ({ signal }) => getWithdrawals(page, pageSize, signal),
    staleTime: 0,
  });
}

export function useWithdrawals(page: number, pageSize: number) {
  return useSuspenseQuery(withdrawalsQueryOptions(page, pageSize));
}
