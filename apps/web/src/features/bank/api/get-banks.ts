import type { TBanksResponse } from '@lc/shared/contracts/bank-accounts';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { bankKeys } from './bank-keys';

export function getBanks(signal?: AbortSignal): Promise<TBanksResponse> {
  // Typed by the contract, not parsed: ZBank sits in shared/providers.ts beside BANKS, which the start-up
  // bundle uses, so parsing with it here would pull zod into the initial bundle.
  return apiRequest<TBanksResponse>('/v2/banks', { signal });
}

/** The banks the agency accepts (its settings): an admin's change shows at the next visit, not during one. */
export function banksQueryOptions() {
  return queryOptions({
    queryKey: bankKeys.directory(),
    queryFn: ({ signal }) => getBanks(signal),
    staleTime: 60 * 60 * 1000,
  });
}

export function useBanks() {
  return useSuspenseQuery(banksQueryOptions());
}
