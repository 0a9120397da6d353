import type { TOpsExchangeRatesResponse } from '@lc/shared/contracts/ops-exchange-rates';
import { apiRequest } from '@lc/ui/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { exchangeRateKeys } from '@/lib/query-keys';
import { PAGE_SIZE } from '@/lib/search-params';

export function getExchangeRates(page: number, signal?: AbortSignal): Promise<TOpsExchangeRatesResponse> {
  const query = new URLSearchParams({ page: `${page}`, pageSize: `${PAGE_SIZE}` });
  return apiRequest<TOpsExchangeRatesResponse>(`/ops/v1/exchange-rates?${query}`, { signal });
}

/** Every rate change of the agency, newest first: the first row of each currency is the rate in force. */
export function exchangeRatesQueryOptions(page: number) {
  return queryOptions({
    queryKey: exchangeRateKeys.list({ page }),
    queryFn: ({ signal }) => getExchangeRates(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useExchangeRates(page: number) {
  return useQuery(exchangeRatesQueryOptions(page));
}
