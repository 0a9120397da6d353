import type { TOpsAgencyResponse, TPutAgencyRequest } from '@lc/shared/contracts/ops-agency';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agencyKeys } from '@/lib/query-keys';

export function updateAgency(body: TPutAgencyRequest): Promise<TOpsAgencyResponse> {
  return apiRequest<TOpsAgencyResponse>('/ops/v1/agency', { method: 'PUT', body });
}

/** Replaces the agency's editable settings as a whole (admin); the answer is the stored settings. */
export function useUpdateAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgency,
    onSuccess: (data) => queryClient.setQueryData(agencyKeys.all, data),
  });
}
