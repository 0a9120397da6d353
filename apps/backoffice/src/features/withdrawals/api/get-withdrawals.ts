import type { TOpsWithdrawalsResponse } from '@lc/shared/contracts/ops-withdrawals';
import { apiRequest } from '@lc/ui/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawalKeys } from '@/lib/query-keys';
import { PAGE_SIZE } from '@/lib/search-params';

export type TWithdrawalFilter = { status?: string; page: number };

export function getWithdrawals(
  filter: TWithdrawalFilter,
  signal?: AbortSignal,
): Promise<TOpsWithdrawalsResponse> {
  const query = filterQuery(filter);
  query.set('page', `${filter.page}`);
  query.set('pageSize', `${PAGE_SIZE}`);
  return apiRequest<TOpsWithdrawalsResponse>(`/ops/v1/withdrawals?${query}`, { signal });
}

function filterQuery(filter: TWithdrawalFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.status) query.set('status', filter.status);
  // The payout queue is worked from the longest-waiting request; the history reads newest first.
  if (filter.status === 'OPEN') query.set('order', 'oldest');
  return query;
}

/** Every withdrawal of the filter (not just the page shown) as CSV, in the order the page lists them. */
export function withdrawalsCsvUrl(filter: TWithdrawalFilter): string {
  const query = filterQuery(filter);
  query.set('format', 'csv');
  return `/api/ops/v1/withdrawals?${query}`;
}

/** One page of the agency's withdrawals (OPEN: oldest first; otherwise newest first). */
export function withdrawalsQueryOptions(filter: TWithdrawalFilter) {
  return queryOptions({
    queryKey: withdrawalKeys.list(filter),
    queryFn: ({ signal }) => getWithdrawals(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawals(filter: TWithdrawalFilter) {
  return useQuery(withdrawalsQueryOptions(filter));
}
