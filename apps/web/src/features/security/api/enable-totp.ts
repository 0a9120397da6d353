import {
  type TTotpEnableRequest,
  type TTotpEnableResponse,
  ZTotpEnableResponse,
} from '@lc/shared/contracts/security';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { securityKeys } from './security-keys';

export function enableTotp(body: TTotpEnableRequest): Promise<TTotpEnableResponse> {
  return apiRequest('/v2/players/security/totp/enable', {
    method: 'POST',
    body,
    schema: ZTotpEnableResponse,
  });
}

/** Confirms the set-up with a code; the answer carries the recovery codes, shown once. */
export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTotp,
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKeys.totp() }),
        queryClient.invalidateQueries({ queryKey: securityKeys.notices() }),
      ]),
  });
}
