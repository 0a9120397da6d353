import { type TGamesResponse, ZGamesResponse } from '@lc/shared/contracts/games';
import type { TProvider } from '@lc/shared/providers';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { gameListStaleTime } from '../lib/game-list-stale-time';
import { gameKeys } from './game-keys';

export function getGames(
  provider: TProvider,
  tab: string | undefined,
  signal?: AbortSignal,
): Promise<TGamesResponse> {
  const query = tab === undefined ? '' : `?${new URLSearchParams({ tab })}`;
  return apiRequest(`/v2/games/${provider}${query}`, { schema: ZGamesResponse, signal });
}

/** A provider's tabs and the games of `tab` (all games when none is asked). */
export function gamesQueryOptions(provider: TProvider, tab: string | undefined) {
  const staleTime = gameListStaleTime(provider);
  return queryOptions({
    queryKey: gameKeys.list(provider, tab),
    queryFn: ({ signal }) => getGames(provider, tab, signal),
    // Infinity for askmebet and alphabet; the others keep the app default (5 min).
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}

export function useGames(provider: TProvider, tab: string | undefined) {
  return useSuspenseQuery(gamesQueryOptions(provider, tab));
}
