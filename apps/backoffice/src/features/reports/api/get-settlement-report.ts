import type { TSettlementReport } from '@lc/shared/contracts/reports';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportKeys } from '@/lib/query-keys';

/** Where the same report downloads as CSV (the browser sends the staff cookie). */
export function settlementCsvUrl(date: string): string {
  return `/api/ops/v1/reports/settlement?${new URLSearchParams({ date, format: 'csv' })}`;
}

export function getSettlementReport(date: string, signal?: AbortSignal): Promise<TSettlementReport> {
  return apiRequest<TSettlementReport>(`/ops/v1/reports/settlement?${new URLSearchParams({ date })}`, {
    signal,
  });
}

/** The daily settlement of one day in Lao time: kip per channel, deposits, payouts, bonuses, house. */
export function settlementReportQueryOptions(date: string) {
  return queryOptions({
    queryKey: reportKeys.list({ date }),
    queryFn: ({ signal }) => getSettlementReport(date, signal),
  });
}

export function useSettlementReport(date: string) {
  return useQuery(settlementReportQueryOptions(date));
}
