import type { TLoginRequest, TPlayerResponse } from '@lc/shared/contracts/players';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { playerKeys } from './player-keys';

export async function login(body: TLoginRequest): Promise<TPlayerResponse> {
  // The answer's schema (and zod with it) is fetched when the player submits, not with the login page:
  // /login is part of the start-up bundle, which stays free of zod (decision 0015).
  const { ZPlayerResponse } = await import('@lc/shared/contracts/players');
  return apiRequest('/v2/players/login', { method: 'POST', body, schema: ZPlayerResponse });
}

/** Signs in; on success the cached player info is refetched before `onSuccess` callers navigate. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    retry: false,
    onSuccess: () => queryClient.refetchQueries({ queryKey: playerKeys.info() }),
  });
}
