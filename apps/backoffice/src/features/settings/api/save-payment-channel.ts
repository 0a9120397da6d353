import type {
  TPaymentChannelsResponse,
  TPutPaymentChannelRequest,
} from '@lc/shared/contracts/payment-channels';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agencyKeys, paymentChannelKeys } from '@/lib/query-keys';

export function savePaymentChannel(
  code: string,
  body: TPutPaymentChannelRequest,
): Promise<TPaymentChannelsResponse> {
  return apiRequest<TPaymentChannelsResponse>(`/ops/v1/agency/payment-channels/${encodeURIComponent(code)}`, {
    method: 'PUT',
    body,
  });
}

/** Replaces one payment channel (admin); the answer is every channel. */
export function useSavePaymentChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, channel }: { code: string; channel: TPutPaymentChannelRequest }) =>
      savePaymentChannel(code, channel),
    onSuccess: (data) => {
      queryClient.setQueryData(paymentChannelKeys.all, data);
      return queryClient.invalidateQueries({ queryKey: agencyKeys.all });
    },
  });
}
