import { type TTotpStatusResponse, ZTotpStatusResponse } from '@lc/shared/contracts/security';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { securityKeys } from './security-keys';

export function getTotpStatus(signal?: AbortSignal): Promise<TTotpStatusResponse> {
  return apiRequest('/v2/players/security/totp', { signal, schema: ZTotpStatusResponse });
}

export function totpStatusQueryOptions() {
  return queryOptions({ queryKey: securityKeys.totp(), queryFn: ({ signal }) => getTotpStatus(signal) });
}

export function useTotpStatus() {
  return useSuspenseQuery(totpStatusQueryOptions());
}
