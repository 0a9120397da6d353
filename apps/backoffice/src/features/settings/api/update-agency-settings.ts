import type { TAgencySettingsResponse, TPutAgencySettingsRequest } from '@lc/shared/contracts/ops-agency';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agencyKeys } from '@/lib/query-keys';

export function updateAgencySettings(body: TPutAgencySettingsRequest): Promise<TAgencySettingsResponse> {
  return apiRequest<TAgencySettingsResponse>('/ops/v1/settings/agency', { method: 'PUT', body });
}

/** Replaces the agency's brand and limits as a whole (admin); the answer is the stored settings. */
export function useUpdateAgencySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgencySettings,
    onSuccess: (data) => queryClient.setQueryData(agencyKeys.all, data),
  });
}
