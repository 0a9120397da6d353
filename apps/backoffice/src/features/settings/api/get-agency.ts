import type { TOpsAgencyResponse } from '@lc/shared/contracts/ops-agency';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { agencyKeys } from '@/lib/query-keys';

export function getAgency(signal?: AbortSignal): Promise<TOpsAgencyResponse> {
  return apiRequest<TOpsAgencyResponse>('/ops/v1/agency', { signal });
}

/** The agency's settings as staff see them: contacts, social links, languages and limits with the threshold. */
export function agencyQueryOptions() {
  return queryOptions({ queryKey: agencyKeys.all, queryFn: ({ signal }) => getAgency(signal) });
}

export function useAgency() {
  return useSuspenseQuery(agencyQueryOptions()).data.agency;
}
