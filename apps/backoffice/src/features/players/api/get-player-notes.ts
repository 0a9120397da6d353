import type { ZOpsPlayerNotesResponse } from '@lc/shared/contracts/ops-player-page';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { playerPartQueryOptions } from './player-part-query';

export type TOpsPlayerNotesResponse = z.infer<typeof ZOpsPlayerNotesResponse>;

/** Staff notes about the player, newest first. */
export function playerNotesQueryOptions(id: string, page: number) {
  return playerPartQueryOptions<TOpsPlayerNotesResponse>(id, 'notes', page);
}

export function usePlayerNotes(id: string, page: number) {
  return useQuery(playerNotesQueryOptions(id, page));
}
