import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { securityKeys } from './security-keys';

export function endSession(id: string): Promise<void> {
  return apiRequest(`/v2/players/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Signs one of the player's devices out; the session list and the notices (SESSION_ENDED) refresh. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    retry: false,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
        queryClient.invalidateQueries({ queryKey: securityKeys.notices() }),
      ]),
  });
}
