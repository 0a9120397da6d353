import type { TOpsPromotionResponse } from '@lc/shared/contracts/ops-promotions';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { promotionKeys } from '@/lib/query-keys';

export function switchPromotion(id: string, isActive: boolean): Promise<TOpsPromotionResponse> {
  const verb = isActive ? 'activate' : 'deactivate';
  return apiRequest<TOpsPromotionResponse>(`/ops/v1/promotions/${encodeURIComponent(id)}/${verb}`, {
    method: 'POST',
  });
}

/** Shows a promotion to players (within its dates) or hides it; usages under way go on. */
export function useSwitchPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => switchPromotion(id, isActive),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.lists() }),
  });
}
