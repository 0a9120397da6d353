import type { TDashboardResponse } from '@lc/shared/contracts/ops-dashboard';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/lib/query-keys';

/** The dashboard shows today and the 29 Lao days before it. */
export const DASHBOARD_DAYS = 30;

export function getDashboard(days: number, signal?: AbortSignal): Promise<TDashboardResponse> {
  return apiRequest<TDashboardResponse>(`/ops/v1/dashboard?days=${days}`, { signal });
}

/** Today's and the last `days` days' figures, the open queues and the latest reconciliation run. */
export function dashboardQueryOptions(days = DASHBOARD_DAYS) {
  return queryOptions({
    queryKey: dashboardKeys.list({ days }),
    queryFn: ({ signal }) => getDashboard(days, signal),
  });
}

export function useDashboard(days = DASHBOARD_DAYS) {
  return useSuspenseQuery(dashboardQueryOptions(days)).data;
}
