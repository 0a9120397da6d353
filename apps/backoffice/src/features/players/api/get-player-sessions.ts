import type { TOpsPlayerSessionsResponse } from '@lc/shared/contracts/ops-player-page';
import { useQuery } from '@tanstack/react-query';
import { playerPartQueryOptions } from './player-part-query';

/** The player's live sessions. */
export function playerSessionsQueryOptions(id: string) {
  return playerPartQueryOptions<TOpsPlayerSessionsResponse>(id, 'sessions');
}

export function usePlayerSessions(id: string) {
  return useQuery(playerSessionsQueryOptions(id));
}
