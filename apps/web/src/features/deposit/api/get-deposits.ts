import type { TDepositPage } from '@lc/shared/contracts/deposits';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { depositKeys } from './deposit-keys';

export function getDeposits(page: number, pageSize: number, signal?: AbortSignal): Promise<TDepositPage> {
  // Typed, not parsed: a status this build does not know must still show (as a grey chip), not fail the page.
  return apiRequest<TDepositPage>(
    `/v2/deposits?${new URLSearchParams({ page: `${page}`, pageSize: `${pageSize}` })}`,
    {
      signal,
    },
  );
}

/** One page of the player's deposits, newest first. */
export function depositsQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: depositKeys.list(page, pageSize),
    queryFn: ({ signal }) => getDeposits(page, pageSize, signal),
    staleTime: 0,
  });
}

export function useDeposits(page: number, pageSize: number) {
  return useSuspenseQuery(depositsQueryOptions(page, pageSize));
}
