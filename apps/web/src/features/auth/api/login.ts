import { type TLoginRequest, type TPlayerResponse, ZPlayerResponse } from '@lc/shared/contracts/players';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { playerKeys } from './player-keys';

export function login(body: TLoginRequest): Promise<TPlayerResponse> {
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
