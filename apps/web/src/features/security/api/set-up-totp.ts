import { type TTotpSetupResponse, ZTotpSetupResponse } from '@lc/shared/contracts/security';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation } from '@tanstack/react-query';

export function setUpTotp(): Promise<TTotpSetupResponse> {
  return apiRequest('/v2/players/security/totp/setup', { method: 'POST', schema: ZTotpSetupResponse });
}

/** Asks for a new secret; it stays inactive until a code of it is confirmed. */
export function useSetUpTotp() {
  return useMutation({ mutationFn: setUpTotp, retry: false });
}
