import type { TFingerprintPayload } from '@lc/shared/contracts/fingerprint';
import { type TPlayerResponse, type TRegisterRequest, ZPlayerResponse } from '@lc/shared/contracts/players';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerKeys } from './player-keys';

export type RegisterInput = Omit<TRegisterRequest, 'fingerprint'> & { fingerprint: TFingerprintPayload };

/** Registers and signs in; the device fingerprint travels in the body and as `X-Fingerprint`. */
export function register(body: RegisterInput): Promise<TPlayerResponse> {
  return apiRequest('/v2/players/register', {
    method: 'POST',
    body,
    headers: { 'X-Fingerprint': body.fingerprint.fingerprint },
    schema: ZPlayerResponse,
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    retry: false,
    onSuccess: () => queryClient.refetchQueries({ queryKey: playerKeys.info() }),
  });
}
