import { type TPlayLimitsResponse, ZPlayLimitsResponse } from '@lc/shared/contracts/play-limits';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { playLimitsKeys } from './play-limits-keys';

export function getPlayLimits(signal?: AbortSignal): Promise<TPlayLimitsResponse> {
  return apiRequest('/v2/players/limits', { signal, schema: ZPlayLimitsResponse });
}

export function playLimitsQueryOptions() {
  return queryOptions({ queryKey: playLimitsKeys.limits(), queryFn: ({ signal }) => getPlayLimits(signal) });
}

/** The player's deposit limits in force and the raises still waiting. */
export function usePlayLimits() {
  return useSuspenseQuery(playLimitsQueryOptions());
}
