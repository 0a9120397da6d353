import type { TPaymentChannelsResponse } from '@lc/shared/contracts/payment-channels';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentChannelKeys } from '@/lib/query-keys';

export function getPaymentChannels(signal?: AbortSignal): Promise<TPaymentChannelsResponse> {
  return apiRequest<TPaymentChannelsResponse>('/ops/v1/agency/payment-channels', { signal });
}

/** The agency's payment channels with how each issues its LaoQR. */
export function paymentChannelsQueryOptions() {
  return queryOptions({
    queryKey: paymentChannelKeys.all,
    queryFn: ({ signal }) => getPaymentChannels(signal),
  });
}

export function usePaymentChannels() {
  return useQuery(paymentChannelsQueryOptions());
}
