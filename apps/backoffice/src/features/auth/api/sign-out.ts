import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOGIN_PATH } from '@/lib/query-client';

export function signOut(): Promise<void> {
  return apiRequest('/ops/v1/session', { method: 'DELETE' });
}

/** Ends the session and leaves for the sign-in page with nothing of the session left in the cache. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      queryClient.clear();
      window.location.assign(LOGIN_PATH);
    },
  });
}
