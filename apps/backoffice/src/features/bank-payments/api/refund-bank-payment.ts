import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankPaymentKeys } from '@/lib/query-keys';

export function refundBankPayment(id: string, bankReference: string): Promise<unknown> {
  return apiRequest(`/ops/v1/bank-payments/${encodeURIComponent(id)}/refund`, {
    method: 'POST',
    body: { bankReference },
  });
}

/** Records that staff sent an unmatched payment back, with the bank's reference of the refund. */
export function useRefundBankPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, bankReference }: { id: string; bankReference: string }) =>
      refundBankPayment(id, bankReference),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankPaymentKeys.lists() }),
  });
}
