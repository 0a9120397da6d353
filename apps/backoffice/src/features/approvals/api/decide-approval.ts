import type { TDecideApprovalResponse } from '@lc/shared/contracts/ops-approvals';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalKeys, staffKeys } from '@/lib/query-keys';

export function decideApproval(
  id: string,
  decision: 'approve' | 'reject',
  reason: string,
): Promise<TDecideApprovalResponse> {
  return apiRequest<TDecideApprovalResponse>(`/ops/v1/approvals/${encodeURIComponent(id)}/${decision}`, {
    method: 'POST',
    body: reason ? { reason } : {},
  });
}

/** A second person's decision on a request (never the requester's: 403 SAME_STAFF). */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason: string }) =>
      decideApproval(id, decision, reason),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: approvalKeys.lists() });
      // An approved role change or new member changes the staff list.
      await queryClient.invalidateQueries({ queryKey: staffKeys.lists() });
    },
  });
}
