import type { TOpsDepositsResponse } from '@lc/shared/contracts/ops-deposits';
import type { TOrderStatus } from '@lc/shared/contracts/orders';
import { apiRequest } from '@lc/ui/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { depositKeys } from '@/lib/query-keys';
import { PAGE_SIZE } from '@/lib/search-params';

export type TDepositFilter = { status?: TOrderStatus; page: number };

function filterQuery(filter: TDepositFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.status) query.set('status', filter.status);
  return query;
}

export function getDeposits(filter: TDepositFilter, signal?: AbortSignal): Promise<TOpsDepositsResponse> {
  const query = filterQuery(filter);
  query.set('page', `${filter.page}`);
  query.set('pageSize', `${PAGE_SIZE}`);
  return apiRequest<TOpsDepositsResponse>(`/ops/v1/deposits?${query}`, { signal });
}

/** Every deposit of the filter (not just the page shown) as CSV. */
export function depositsCsvUrl(filter: TDepositFilter): string {
  const query = filterQuery(filter);
  query.set('format', 'csv');
  return `/api/ops/v1/deposits?${query}`;
}

/** One page of the agency's deposits, newest first, of one status or all. */
export function depositsQueryOptions(filter: TDepositFilter) {
  return queryOptions({
    queryKey: depositKeys.list(filter),
    queryFn: ({ signal }) => getDeposits(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDeposits(filter: TDepositFilter) {
  return useQuery(depositsQueryOptions(filter));
}
