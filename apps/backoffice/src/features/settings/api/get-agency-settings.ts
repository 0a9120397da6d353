import type { TAgencySettingsResponse } from '@lc/shared/contracts/ops-agency';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { agencyKeys } from '@/lib/query-keys';

export function getAgencySettings(signal?: AbortSignal): Promise<TAgencySettingsResponse> {
  return apiRequest<TAgencySettingsResponse>('/ops/v1/settings/agency', { signal });
}

/** The agency's brand (name, logo, colour, links, languages, accepted banks), contacts and limits. */
export function agencySettingsQueryOptions() {
  return queryOptions({ queryKey: agencyKeys.all, queryFn: ({ signal }) => getAgencySettings(signal) });
}

export function useAgencySettings() {
  return useSuspenseQuery(agencySettingsQueryOptions()).data.settings;
}
