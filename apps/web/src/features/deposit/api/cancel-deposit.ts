import type { TDepositResponse } from '@lc/shared/contracts/deposits';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { depositKeys } from './deposit-keys';

/** Cancels an unpaid deposit; a paid one answers 409 DEPOSIT_ALREADY_PAID (contact staff). */
export function cancelDeposit(code: string): Promise<TDepositResponse> {
  return apiRequest<TDepositResponse>(`/v2/deposits/${encodeURIComponent(code)}/cancel`, { method: 'POST' });
}

export function useCancelDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDeposit,
    onSuccess: async () => {
      queryClient.setQueryData(depositKeys.openOrders(), { orders: [] });
      await queryClient.invalidateQueries({ queryKey: depositKeys.all });
    },
  });
}
