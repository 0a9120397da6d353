import { type TSessionsResponse, ZSessionsResponse } from '@lc/shared/contracts/security';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { securityKeys } from './security-keys';

export function getSessions(signal?: AbortSignal): Promise<TSessionsResponse> {
  return apiRequest('/v2/players/sessions', { signal, schema: ZSessionsResponse });
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: securityKeys.sessions(), queryFn: ({ signal }) => getSessions(signal) });
}

export function useSessions() {
  return useSuspenseQuery(sessionsQueryOptions());
}
