import { type TTotpSetupResponse, ZTotpSetupResponse } from '@lc/shared/contracts/security';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function setUpTotp(): Promise<TTotpSetupResponse> {
  return apiRequest('/v2/players/security/totp/setup', { method: 'POST', schema: ZTotpSetupResponse });
}

/** Asks for a new secret; it stays inactive until a code of it is confirmed. */
export function useSetUpTotp() {
  return useMutation({ mutationFn: setUpTotp, retry: false });
}
