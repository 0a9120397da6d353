import type { TProviderSettingsResponse } from '@lc/shared/contracts/ops-provider-settings';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { providerSettingsKeys } from '@/lib/query-keys';

export function getProviderSettings(signal?: AbortSignal): Promise<TProviderSettingsResponse> {
  return apiRequest<TProviderSettingsResponse>('/ops/v1/settings/providers', { signal });
}

/** How the agency reaches each provider, its last check and any request waiting (never a credential). */
export function providerSettingsQueryOptions() {
  return queryOptions({
    queryKey: providerSettingsKeys.all,
    queryFn: ({ signal }) => getProviderSettings(signal),
  });
}

export function useProviderSettings() {
  return useQuery(providerSettingsQueryOptions());
}
