import type { TBankAccountsResponse } from '@lc/shared/contracts/bank-accounts';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { bankKeys } from './bank-keys';

/** The player's bank accounts (at most one); numbers arrive masked by the server. */
export function getBankAccounts(signal?: AbortSignal): Promise<TBankAccountsResponse> {
  // Typed by the contract, not parsed: ZBank sits in shared/providers.ts beside BANKS, which the start-up
  // bundle uses, so parsing with it here would pull zod into the initial bundle.
  return apiRequest<TBankAccountsResponse>('/v2/players/bank-accounts', { signal });
}

export function bankAccountsQueryOptions() {
  return queryOptions({
    queryKey: bankKeys.playerAccounts(),
    queryFn: ({ signal }) => getBankAccounts(signal),
  });
}

export function useBankAccounts() {
  return useSuspenseQuery(bankAccountsQueryOptions());
}
