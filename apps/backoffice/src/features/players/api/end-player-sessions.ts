import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerKeys } from '@/lib/query-keys';

export function endPlayerSessions(id: string): Promise<{ ended: number }> {
  return apiRequest<{ ended: number }>(`/ops/v1/players/${encodeURIComponent(id)}/sessions/end`, {
    method: 'POST',
  });
}

/** Signs the player out everywhere (support+); answers how many sessions ended. */
export function useEndPlayerSessions(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endPlayerSessions(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerKeys.parts(id, 'sessions') }),
  });
}
