import type { TExchangeRatesResponse } from '@lc/shared/contracts/rates';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

/** Query keys of the exchange rates (LAK per THB) behind the deposit and withdraw previews. */
export const rateKeys = {
  all: ['rates'] as const,
  list: () => [...rateKeys.all, 'list'] as const,
};

export function getExchangeRates(signal?: AbortSignal): Promise<TExchangeRatesResponse> {
  // Typed, not parsed: the previews read the strings through money.ts, which refuses a malformed rate.
  return apiRequest<TExchangeRatesResponse>('/v2/exchange-rates', { signal });
}

/** Rates change a few times a day; a minute old is fresh enough for a preview (the order fixes the rate). */
export function exchangeRatesQueryOptions() {
  return queryOptions({
    queryKey: rateKeys.list(),
    queryFn: ({ signal }) => getExchangeRates(signal),
    staleTime: 60 * 1000,
  });
}

export function useExchangeRates() {
  return useSuspenseQuery(exchangeRatesQueryOptions());
}
