import type { TNoticesResponse } from '@lc/shared/contracts/security';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { securityKeys } from './security-keys';

export function getNotices(signal?: AbortSignal): Promise<TNoticesResponse> {
  // Typed, not parsed: the new-notice banner of every player page reads it, and zod stays out of that chunk.
  return apiRequest<TNoticesResponse>('/v2/players/notices', { signal });
}

export function noticesQueryOptions() {
  return queryOptions({ queryKey: securityKeys.notices(), queryFn: ({ signal }) => getNotices(signal) });
}

export function useNotices() {
  return useSuspenseQuery(noticesQueryOptions());
}

/** For the banner outside the security page: never suspends, nothing shows until the answer is there. */
export function useNoticesInBackground() {
  return useQuery(noticesQueryOptions());
}
