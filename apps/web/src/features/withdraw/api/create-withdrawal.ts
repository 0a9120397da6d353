import type { TCreateWithdrawalRequest } from '@lc/shared/contracts/withdrawals';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWithdrawalResponse } from './types';
import { withdrawKeys } from './withdraw-keys';

export function createWithdrawal(
  body: TCreateWithdrawalRequest,
  idempotencyKey: string,
): Promise<TWithdrawalResponse> {
  return apiRequest<TWithdrawalResponse>('/v2/withdrawals', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Takes the credit out of the provider; the order then waits for staff to pay the bank account. */
export function useCreateWithdrawal({ onCreditTaken }: { onCreditTaken?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TCreateWithdrawalRequest; idempotencyKey: string }) =>
      createWithdrawal(body, idempotencyKey),
    onSuccess: async () => {
      onCreditTaken?.();
      await queryClient.invalidateQueries({ queryKey: withdrawKeys.lists() });
    },
  });
}
