import type { TLoginRequest, TPlayerResponse } from '@lc/shared/contracts/players';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerKeys } from './player-keys';

export type LoginInput = TLoginRequest & {
  /** The device's fingerprint hash (`X-Fingerprint`): the server notices a new device by it. */
  fingerprintHash?: string;
};

export async function login({ fingerprintHash, ...body }: LoginInput): Promise<TPlayerResponse> {
  // The answer's schema (and zod with it) is fetched when the player submits, not with the login page:
  // /login is part of the start-up bundle, which stays free of zod (decision 0015).
  const { ZPlayerResponse } = await import('@lc/shared/contracts/players');
  const headers: Record<string, string> = fingerprintHash ? { 'X-Fingerprint': fingerprintHash } : {};
  return apiRequest('/v2/players/login', { method: 'POST', body, headers, schema: ZPlayerResponse });
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
