import type { TOpsPlayerResponse } from '@lc/shared/contracts/ops-players';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerKeys } from '@/lib/query-keys';

/** Bars the player from promotions (`block`) or lifts it (`unblock`); cashier+, audited with the reason. */
export function setPlayerBlocked(
  id: string,
  isBlocked: boolean,
  reason?: string,
): Promise<TOpsPlayerResponse> {
  return apiRequest<TOpsPlayerResponse>(
    `/ops/v1/players/${encodeURIComponent(id)}/${isBlocked ? 'block' : 'unblock'}`,
    { method: 'POST', body: isBlocked && reason ? { reason } : {} },
  );
}

export function useSetPlayerBlocked(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ isBlocked, reason }: { isBlocked: boolean; reason?: string }) =>
      setPlayerBlocked(id, isBlocked, reason),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: playerKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: playerKeys.lists() }),
      ]),
  });
}
