import type { TOpsDepositResponse } from '@lc/shared/contracts/ops-deposits';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { depositKeys } from '@/lib/query-keys';

export function rejectDeposit(code: string, reason: string): Promise<TOpsDepositResponse> {
  return apiRequest<TOpsDepositResponse>(`/ops/v1/deposits/${encodeURIComponent(code)}/reject`, {
    method: 'POST',
    body: reason ? { reason } : {},
  });
}

/** Rejects a deposit that will not be credited (with the reason, for the audit log). */
export function useRejectDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, reason }: { code: string; reason: string }) => rejectDeposit(code, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositKeys.lists() }),
  });
}
