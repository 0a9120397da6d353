import type { TProviderCheckResponse } from '@lc/shared/contracts/ops-provider-settings';
import type { TProvider } from '@lc/shared/providers';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { providerSettingsKeys } from '@/lib/query-keys';

export function checkProvider(provider: TProvider): Promise<TProviderCheckResponse> {
  return apiRequest<TProviderCheckResponse>(`/ops/v1/settings/providers/${provider}/check`, {
    method: 'POST',
    body: {},
  });
}

/** A balance look-up through the agency's settings of one provider; the list then shows its time. */
export function useCheckProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerSettingsKeys.all }),
  });
}
