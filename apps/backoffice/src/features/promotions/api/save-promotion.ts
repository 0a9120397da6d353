import type { TOpsPromotionRequest, TOpsPromotionResponse } from '@lc/shared/contracts/ops-promotions';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { promotionKeys } from '@/lib/query-keys';

/** Creates a promotion, or replaces every field of an existing one (`id`). */
export function savePromotion(body: TOpsPromotionRequest, id?: string): Promise<TOpsPromotionResponse> {
  return id
    ? apiRequest<TOpsPromotionResponse>(`/ops/v1/promotions/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body,
      })
    : apiRequest<TOpsPromotionResponse>('/ops/v1/promotions', { method: 'POST', body });
}

export function useSavePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id }: { body: TOpsPromotionRequest; id?: string }) => savePromotion(body, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.lists() }),
  });
}
