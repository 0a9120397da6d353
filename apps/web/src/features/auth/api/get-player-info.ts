import type { TPlayerInfoResponse } from '@lc/shared/contracts/players';
import { apiRequest, isApiError } from '@lc/ui/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerKeys } from './player-keys';

/** The signed-in player, or `null` for a visitor (a 401 here means "signed out", never a redirect). */
export async function getPlayerInfo(signal?: AbortSignal): Promise<TPlayerInfoResponse | null> {
  try {
    // Read on every start-up: typed by the shared contract, not parsed, to keep zod out of the first load.
    return await apiRequest<TPlayerInfoResponse>('/v2/players/info', { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function playerInfoQueryOptions() {
  return queryOptions({
    queryKey: playerKeys.info(),
    queryFn: ({ signal }) => getPlayerInfo(signal),
    retry: false,
  });
}

export function usePlayerInfo() {
  return useQuery(playerInfoQueryOptions());
}
