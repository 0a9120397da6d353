import type { TOpsPlayerDetailResponse } from '@lc/shared/contracts/ops-players';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { playerKeys } from '@/lib/query-keys';

export function getPlayer(id: string, signal?: AbortSignal): Promise<TOpsPlayerDetailResponse> {
  return apiRequest<TOpsPlayerDetailResponse>(`/ops/v1/players/${encodeURIComponent(id)}`, { signal });
}

/** A player's profile: phone, bank account (masked), block state, time-out and deposit limits. */
export function playerQueryOptions(id: string) {
  return queryOptions({ queryKey: playerKeys.detail(id), queryFn: ({ signal }) => getPlayer(id, signal) });
}

export function usePlayer(id: string) {
  return useSuspenseQuery(playerQueryOptions(id)).data.player;
}
