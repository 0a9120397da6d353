import type { TCancelUsageResponse } from '@lc/shared/contracts/promotions';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateUsages } from './invalidate-usages';
import { promotionKeys } from './promotion-keys';

/** Cancels the usage ('cancel success'); a USED one gives back the bonus not yet played away. */
export function cancelUsage(usageId: string): Promise<TCancelUsageResponse> {
  return apiRequest<TCancelUsageResponse>('/v2/promotions/usages/cancel', {
    method: 'POST',
    body: { usageId },
  });
}

export function useCancelUsage({ onUsageChanged }: { onUsageChanged?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelUsage,
    onSuccess: () => {
      queryClient.setQueryData(promotionKeys.current(), { usage: null });
      onUsageChanged?.();
    },
    onSettled: () => invalidateUsages(queryClient),
  });
}
