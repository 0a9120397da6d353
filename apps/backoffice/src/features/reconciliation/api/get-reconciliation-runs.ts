import type { TReconciliationRun } from '@lc/shared/contracts/reconciliation';
import { apiRequest } from '@lc/ui/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reconciliationKeys } from '@/lib/query-keys';
import { PAGE_SIZE } from '@/lib/search-params';

export type TRunsPage = { items: TReconciliationRun[]; page: number; pageSize: number; total: number };

export function getReconciliationRuns(page: number, signal?: AbortSignal): Promise<TRunsPage> {
  const query = new URLSearchParams({ page: `${page}`, pageSize: `${PAGE_SIZE}` });
  return apiRequest<TRunsPage>(`/ops/v1/reconciliation/runs?${query}`, { signal });
}

/** One page of stored reconciliation runs, newest first. */
export function reconciliationRunsQueryOptions(page: number) {
  return queryOptions({
    queryKey: reconciliationKeys.list({ page }),
    queryFn: ({ signal }) => getReconciliationRuns(page, signal),
    placeholderData: keepPreviousData,
    // A started run finishes in the background: look again while one is running.
    refetchInterval: (query) =>
      query.state.data?.items.some((run) => run.status === 'RUNNING') ? 3000 : false,
  });
}

export function useReconciliationRuns(page: number) {
  return useQuery(reconciliationRunsQueryOptions(page));
}
