import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerKeys } from './player-keys';

export function logout(): Promise<void> {
  return apiRequest('/v2/players/logout', { method: 'POST' });
}

/** Signs out, drops the cached player and reloads so no signed-in state survives in memory. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: playerKeys.info() });
      window.location.reload();
    },
  });
}
