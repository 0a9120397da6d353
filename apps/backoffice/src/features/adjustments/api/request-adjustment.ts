import type { TAdjustmentRequest, TApproval } from '@lc/shared/contracts/ops-approvals';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalKeys } from '@/lib/query-keys';

export function requestAdjustment(body: TAdjustmentRequest): Promise<{ approval: TApproval }> {
  return apiRequest<{ approval: TApproval }>('/ops/v1/adjustments', { method: 'POST', body });
}

/** Asks for a credit adjustment (signed THB); it applies once a second finance member approves it. */
export function useRequestAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestAdjustment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalKeys.lists() }),
  });
}
