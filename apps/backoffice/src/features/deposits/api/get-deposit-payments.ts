import type { TDepositPaymentsResponse } from '@lc/shared/contracts/ops-bank-payments';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { depositKeys } from '@/lib/query-keys';

export function getDepositPayments(code: string, signal?: AbortSignal): Promise<TDepositPaymentsResponse> {
  return apiRequest<TDepositPaymentsResponse>(`/ops/v1/deposits/${encodeURIComponent(code)}/payments`, {
    signal,
  });
}

/** The bank payments of an order's bill (and any settled to it), each saying whether Confirm may take it. */
export function depositPaymentsQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...depositKeys.detail(code), 'payments'] as const,
    queryFn: ({ signal }) => getDepositPayments(code, signal),
    staleTime: 0,
  });
}

export function useDepositPayments(code: string) {
  return useQuery(depositPaymentsQueryOptions(code));
}
