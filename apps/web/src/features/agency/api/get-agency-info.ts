import type { TAgencyInfoResponse } from '@lc/shared/contracts/agency';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions } from '@tanstack/react-query';

export const agencyKeys = {
  all: ['agency'] as const,
  info: () => [...agencyKeys.all, 'info'] as const,
};

/** Start-up call: typed by the shared contract, not parsed, so zod is not needed before first paint. */
export function getAgencyInfo(signal?: AbortSignal): Promise<TAgencyInfoResponse> {
  return apiRequest<TAgencyInfoResponse>('/v2/agency/info', { signal });
}

export function agencyInfoQueryOptions() {
  return queryOptions({
    queryKey: agencyKeys.info(),
    queryFn: ({ signal }) => getAgencyInfo(signal),
    // The agency of a host does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
