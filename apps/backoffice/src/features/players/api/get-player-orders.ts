import type { TOpsDepositsResponse } from '@lc/shared/contracts/ops-deposits';
import type { TOpsWithdrawalsResponse } from '@lc/shared/contracts/ops-withdrawals';
import { apiRequest } from '@lc/ui/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { depositKeys, withdrawalKeys } from '@/lib/query-keys';
import { PAGE_SIZE } from '@/lib/search-params';

function ordersQuery(playerId: string, page: number): string {
  return `${new URLSearchParams({ playerId, page: `${page}`, pageSize: `${PAGE_SIZE}` })}`;
}

/** The player's deposits, newest first, under the deposit keys (a cashier's confirm refreshes them too). */
export function playerDepositsQueryOptions(playerId: string, page: number) {
  return queryOptions({
    queryKey: depositKeys.list({ playerId, page }),
    queryFn: ({ signal }) =>
      apiRequest<TOpsDepositsResponse>(`/ops/v1/deposits?${ordersQuery(playerId, page)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The player's withdrawals, newest first. */
export function playerWithdrawalsQueryOptions(playerId: string, page: number) {
  return queryOptions({
    queryKey: withdrawalKeys.list({ playerId, page }),
    queryFn: ({ signal }) =>
      apiRequest<TOpsWithdrawalsResponse>(`/ops/v1/withdrawals?${ordersQuery(playerId, page)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePlayerDeposits(playerId: string, page: number) {
  return useQuery(playerDepositsQueryOptions(playerId, page));
}

export function usePlayerWithdrawals(playerId: string, page: number) {
  return useQuery(playerWithdrawalsQueryOptions(playerId, page));
}
