import type { TLaoQrResponse } from '@lc/shared/contracts/deposits';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { depositKeys } from './deposit-keys';

export function getDepositLaoQr(code: string, signal?: AbortSignal): Promise<TLaoQrResponse> {
  return apiRequest<TLaoQrResponse>(`/v2/deposits/${encodeURIComponent(code)}/laoqr`, { signal });
}

/** The LaoQR payload of a deposit; it never changes for an order, so it is never refetched. */
export function depositLaoQrQueryOptions(code: string) {
  return queryOptions({
    queryKey: depositKeys.laoqr(code),
    queryFn: ({ signal }) => getDepositLaoQr(code, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Prefetched by the route loader (open order) and by the create mutation (new order), so it rarely suspends. */
export function useDepositLaoQr(code: string) {
  return useSuspenseQuery(depositLaoQrQueryOptions(code));
}
