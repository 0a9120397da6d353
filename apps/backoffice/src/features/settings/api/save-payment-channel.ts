import type { TApprovalResponse } from '@lc/shared/contracts/ops-approvals';
import type { TPutPaymentChannelRequest } from '@lc/shared/contracts/payment-channels';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalKeys } from '@/lib/query-keys';

export function savePaymentChannel(
  code: string,
  body: TPutPaymentChannelRequest,
): Promise<TApprovalResponse> {
  return apiRequest<TApprovalResponse>(`/ops/v1/agency/payment-channels/${encodeURIComponent(code)}`, {
    method: 'PUT',
    body,
  });
}

/** Asks to create or replace one payment channel (admin): a request another admin approves. */
export function useSavePaymentChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, channel }: { code: string; channel: TPutPaymentChannelRequest }) =>
      savePaymentChannel(code, channel),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalKeys.lists() }),
  });
}
