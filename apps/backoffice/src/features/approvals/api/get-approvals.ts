import type { TApproval } from '@lc/shared/contracts/ops-approvals';
import { apiRequest } from '@lc/ui/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { approvalKeys } from '@/lib/query-keys';
import { PAGE_SIZE } from '@/lib/search-params';

export type TApprovalFilter = { status?: string; page: number };
export type TApprovalsPage = { items: TApproval[]; page: number; pageSize: number; total: number };

export function getApprovals(filter: TApprovalFilter, signal?: AbortSignal): Promise<TApprovalsPage> {
  const query = new URLSearchParams({ page: `${filter.page}`, pageSize: `${PAGE_SIZE}` });
  if (filter.status) query.set('status', filter.status);
  return apiRequest<TApprovalsPage>(`/ops/v1/approvals?${query}`, { signal });
}

/** One page of four-eyes requests (PENDING: waiting for a second person). */
export function approvalsQueryOptions(filter: TApprovalFilter) {
  return queryOptions({
    queryKey: approvalKeys.list(filter),
    queryFn: ({ signal }) => getApprovals(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useApprovals(filter: TApprovalFilter) {
  return useQuery(approvalsQueryOptions(filter));
}
