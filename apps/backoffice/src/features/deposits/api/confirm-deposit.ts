import type { TOpsDepositResponse } from '@lc/shared/contracts/ops-deposits';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankPaymentKeys, depositKeys } from '@/lib/query-keys';

export function confirmDeposit(code: string, paymentId: string): Promise<TOpsDepositResponse> {
  return apiRequest<TOpsDepositResponse>(`/ops/v1/deposits/${encodeURIComponent(code)}/confirm`, {
    method: 'POST',
    body: { paymentId },
  });
}

/** Matches a deposit with a stored bank payment and credits it. */
export function useConfirmDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, paymentId }: { code: string; paymentId: string }) => confirmDeposit(code, paymentId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: depositKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: bankPaymentKeys.lists() });
    },
  });
}
