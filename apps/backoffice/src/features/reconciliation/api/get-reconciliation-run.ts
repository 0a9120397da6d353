import type { TReconciliationResponse } from '@lc/shared/contracts/reconciliation';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { reconciliationKeys } from '@/lib/query-keys';

export function getReconciliationRun(id: string, signal?: AbortSignal): Promise<TReconciliationResponse> {
  return apiRequest<TReconciliationResponse>(`/ops/v1/reconciliation/runs/${encodeURIComponent(id)}`, {
    signal,
  });
}

/** One run with its differences (each with the references that explain it) and the ledger totals. */
export function reconciliationRunQueryOptions(id: string) {
  return queryOptions({
    queryKey: reconciliationKeys.detail(id),
    queryFn: ({ signal }) => getReconciliationRun(id, signal),
  });
}

export function useReconciliationRun(id: string) {
  return useQuery(reconciliationRunQueryOptions(id));
}
