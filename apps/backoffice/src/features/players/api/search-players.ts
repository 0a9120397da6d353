import type { TOpsPlayersResponse } from '@lc/shared/contracts/ops-players';
import { apiRequest } from '@lc/ui/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { playerKeys } from '@/lib/query-keys';
import { PAGE_SIZE } from '@/lib/search-params';

/** The Players search as the URL keeps it: one text (username, phone, account number) or a device hash. */
export type TPlayerSearch = { query?: string; fingerprint?: string; page: number };

export function searchPlayers(filter: TPlayerSearch, signal?: AbortSignal): Promise<TOpsPlayersResponse> {
  const query = new URLSearchParams({ page: `${filter.page}`, pageSize: `${PAGE_SIZE}` });
  if (filter.query) query.set('query', filter.query);
  if (filter.fingerprint) query.set('fingerprint', filter.fingerprint);
  return apiRequest<TOpsPlayersResponse>(`/ops/v1/players?${query}`, { signal });
}

/** One page of the agency's players matching the search (all players, newest first, without one). */
export function playersQueryOptions(filter: TPlayerSearch) {
  return queryOptions({
    queryKey: playerKeys.list(filter),
    queryFn: ({ signal }) => searchPlayers(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePlayers(filter: TPlayerSearch) {
  return useQuery(playersQueryOptions(filter));
}
