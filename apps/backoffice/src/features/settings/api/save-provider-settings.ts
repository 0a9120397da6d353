import type { TApprovalResponse } from '@lc/shared/contracts/ops-approvals';
import type { TPutProviderSettingsRequest } from '@lc/shared/contracts/ops-provider-settings';
import type { TProvider } from '@lc/shared/providers';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalKeys, providerSettingsKeys } from '@/lib/query-keys';

export function saveProviderSettings(
  provider: TProvider,
  body: TPutProviderSettingsRequest,
): Promise<TApprovalResponse> {
  return apiRequest<TApprovalResponse>(`/ops/v1/settings/providers/${provider}`, { method: 'PUT', body });
}

/** Asks for new settings of one provider (admin): a request a second admin approves. */
export function useSaveProviderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, body }: { provider: TProvider; body: TPutProviderSettingsRequest }) =>
      saveProviderSettings(provider, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: providerSettingsKeys.all });
      await queryClient.invalidateQueries({ queryKey: approvalKeys.lists() });
    },
  });
}
