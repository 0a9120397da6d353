import type { TCurrentUsageResponse } from '@lc/shared/contracts/promotions';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isLiveUsage } from '../lib/usage-status';
import { invalidateUsages } from './invalidate-usages';
import { promotionKeys } from './promotion-keys';

/** Re-reads the provider balance of the usage in use; below the threshold the usage ends (INACTIVE). */
export function recheckUsage(): Promise<TCurrentUsageResponse> {
  return apiRequest<TCurrentUsageResponse>('/v2/promotions/usages/recheck', { method: 'POST' });
}

export function useRecheckUsage({ onUsageChanged }: { onUsageChanged?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recheckUsage,
    onSuccess: ({ usage }) => {
      // An ended usage is history, no longer the current one.
      queryClient.setQueryData(promotionKeys.current(), { usage: isLiveUsage(usage) ? usage : null });
      onUsageChanged?.();
    },
    onSettled: () => invalidateUsages(queryClient),
  });
}
