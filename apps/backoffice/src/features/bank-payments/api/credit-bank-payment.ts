import type { TCreditBankPaymentRequest } from '@lc/shared/contracts/ops-bank-payments';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankPaymentKeys, depositKeys } from '@/lib/query-keys';

export function creditBankPayment(id: string, body: TCreditBankPaymentRequest): Promise<unknown> {
  return apiRequest(`/ops/v1/bank-payments/${encodeURIComponent(id)}/credit`, { method: 'POST', body });
}

/** Credits an unmatched payment to a provider (its order's player, or the player named when it has none). */
export function useCreditBankPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TCreditBankPaymentRequest }) =>
      creditBankPayment(id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: bankPaymentKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: depositKeys.lists() });
    },
  });
}
