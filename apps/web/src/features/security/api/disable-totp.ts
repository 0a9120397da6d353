import type { TTotpDisableRequest } from '@lc/shared/contracts/security';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { securityKeys } from './security-keys';

export function disableTotp(body: TTotpDisableRequest): Promise<void> {
  return apiRequest('/v2/players/security/totp/disable', { method: 'POST', body });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKeys.totp() }),
        queryClient.invalidateQueries({ queryKey: securityKeys.notices() }),
      ]),
  });
}
