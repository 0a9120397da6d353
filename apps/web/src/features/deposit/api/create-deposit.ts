import type { TCreateDepositRequest, TDepositResponse } from '@lc/shared/contracts/deposits';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { depositKeys } from './deposit-keys';
import { depositLaoQrQueryOptions } from './get-deposit-laoqr';

export function createDeposit(
  body: TCreateDepositRequest,
  idempotencyKey: string,
): Promise<TDepositResponse> {
  return apiRequest<TDepositResponse>('/v2/deposits', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Opens a deposit; the new order becomes the open one at once, so the page shows its QR. */
export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TCreateDepositRequest; idempotencyKey: string }) =>
      createDeposit(body, idempotencyKey),
    onSuccess: async ({ order }) => {
      // The QR is fetched before the page switches to it, so the switch does not flash a spinner.
      await queryClient.prefetchQuery(depositLaoQrQueryOptions(order.code));
      queryClient.setQueryData(depositKeys.openOrders(), { orders: [order] });
      await queryClient.invalidateQueries({ queryKey: depositKeys.lists() });
    },
  });
}
