import type { TUsageResponse, TUsePromotionRequest } from '@lc/shared/contracts/promotions';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateUsages } from './invalidate-usages';
import { promotionKeys } from './promotion-keys';

/** The spec's `POST /v2/promotions/use`: takes a promotion on one of its providers (usage ACTIVE). */
export function takePromotion(body: TUsePromotionRequest): Promise<TUsageResponse> {
  return apiRequest<TUsageResponse>('/v2/promotions/use', { method: 'POST', body });
}

/** `onUsageChanged` lets the route refresh what other features cache (credits, the deposit form). */
export function useTakePromotion({ onUsageChanged }: { onUsageChanged?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takePromotion,
    onSuccess: ({ usage }) => {
      queryClient.setQueryData(promotionKeys.current(), { usage });
      onUsageChanged?.();
    },
    onSettled: () => invalidateUsages(queryClient),
  });
}
