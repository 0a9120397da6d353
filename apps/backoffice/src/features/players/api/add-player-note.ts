import type { TOpsPlayerNote } from '@lc/shared/contracts/ops-player-page';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerKeys } from '@/lib/query-keys';

export function addPlayerNote(id: string, text: string): Promise<{ note: TOpsPlayerNote }> {
  return apiRequest<{ note: TOpsPlayerNote }>(`/ops/v1/players/${encodeURIComponent(id)}/notes`, {
    method: 'POST',
    body: { text },
  });
}

/** Adds a staff note to the player (support+); the notes list reloads. */
export function useAddPlayerNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addPlayerNote(id, text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerKeys.parts(id, 'notes') }),
  });
}
