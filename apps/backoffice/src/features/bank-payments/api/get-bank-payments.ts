import type { TBankPaymentsResponse } from '@lc/shared/contracts/ops-bank-payments';
import { apiRequest } from '@lc/ui/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bankPaymentKeys } from '@/lib/query-keys';
import { PAGE_SIZE } from '@/lib/search-params';

export type TBankPaymentFilter = { status?: string; page: number };

export function getBankPayments(
  filter: TBankPaymentFilter,
  signal?: AbortSignal,
): Promise<TBankPaymentsResponse> {
  const query = filterQuery(filter);
  query.set('page', `${filter.page}`);
  query.set('pageSize', `${PAGE_SIZE}`);
  return apiRequest<TBankPaymentsResponse>(`/ops/v1/bank-payments?${query}`, { signal });
}

function filterQuery(filter: TBankPaymentFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.status) query.set('status', filter.status);
  return query;
}

/** Every payment of the filter (not just the page shown) as CSV. */
export function bankPaymentsCsvUrl(filter: TBankPaymentFilter): string {
  const query = filterQuery(filter);
  query.set('format', 'csv');
  return `/api/ops/v1/bank-payments?${query}`;
}

/** One page of the payments the bank reported, newest first (UNMATCHED: the queue staff resolve). */
export function bankPaymentsQueryOptions(filter: TBankPaymentFilter) {
  return queryOptions({
    queryKey: bankPaymentKeys.list(filter),
    queryFn: ({ signal }) => getBankPayments(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBankPayments(filter: TBankPaymentFilter) {
  return useQuery(bankPaymentsQueryOptions(filter));
}
