import { type TCreditResponse, ZCreditResponse } from '@lc/shared/contracts/credits';
import { PROVIDERS, type TProvider } from '@lc/shared/providers';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useQueries, useQueryClient } from '@tanstack/react-query';
import { creditKeys } from './credit-keys';

export function getCredit(provider: TProvider, signal?: AbortSignal): Promise<TCreditResponse> {
  return apiRequest(`/v2/players/credits/${provider}`, { schema: ZCreditResponse, signal });
}

/** A balance is never fresh: it is refetched whenever it is shown (spec section 9). */
export function creditQueryOptions(provider: TProvider) {
  return queryOptions({
    queryKey: creditKeys.byProvider(provider),
    queryFn: ({ signal }) => getCredit(provider, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** All five balances; `isFetching` is true while any of them loads, `refresh` reloads them together. */
export function useCredits() {
  const queryClient = useQueryClient();
  const results = useQueries({ queries: PROVIDERS.map((provider) => creditQueryOptions(provider)) });
  return {
    credits: PROVIDERS.map((provider, index) => ({ provider, query: results[index] })),
    isFetching: results.some((result) => result.isFetching),
    refresh: () => queryClient.invalidateQueries({ queryKey: creditKeys.all }),
  };
}
