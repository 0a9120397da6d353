import type { TAgencyLogoResponse, TAgencySettingsResponse } from '@lc/shared/contracts/ops-agency';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agencyKeys } from '@/lib/query-keys';

/** Sends the file itself (PNG or SVG) as the body: the API checks and stores it, and answers its URL. */
export function uploadLogo(file: Blob): Promise<TAgencyLogoResponse> {
  return apiRequest<TAgencyLogoResponse>('/ops/v1/settings/logo', { method: 'POST', body: file });
}

/** Uploads the agency's logo (admin); the settings then show its new URL. */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: ({ logoUrl }) =>
      queryClient.setQueryData<TAgencySettingsResponse>(agencyKeys.all, (current) =>
        current ? { settings: { ...current.settings, logoUrl } } : current,
      ),
  });
}
