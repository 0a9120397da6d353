import type { TCreateTransferRequest, TTransferResponse } from '@lc/shared/contracts/transfers';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transferKeys } from './transfer-keys';

export function createTransfer(
  body: TCreateTransferRequest,
  idempotencyKey: string,
): Promise<TTransferResponse> {
  return apiRequest<TTransferResponse>('/v2/credits/transfer', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/**
 * Moves credit from one provider to another. Whatever the answer, the balances may have changed (a refusal
 * for want of credit means the shown balance was stale), so `onSettled` re-reads them; the list of transfers
 * is re-read once one was made.
 */
export function useCreateTransfer({ onCreditMoved }: { onCreditMoved: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TCreateTransferRequest; idempotencyKey: string }) =>
      createTransfer(body, idempotencyKey),
    onSettled: () => onCreditMoved(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transferKeys.lists() }),
  });
}
