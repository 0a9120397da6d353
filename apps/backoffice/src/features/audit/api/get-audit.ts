import type { TAuditKind, ZAuditResponse } from '@lc/shared/contracts/ops-audit';
import { apiRequest } from '@lc/ui/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { auditKeys } from '@/lib/query-keys';
import { PAGE_SIZE } from '@/lib/search-params';

export type TAuditPage = z.infer<typeof ZAuditResponse>;
export type TAuditEntry = TAuditPage['items'][number];

/** The filters of the audit page as the URL keeps them; `from`/`to` are calendar days (YYYY-MM-DD, local). */
export type TAuditFilter = {
  /** The access log (what staff looked at); absent: the actions. */
  kind?: TAuditKind;
  actor?: string;
  action?: string;
  object?: string;
  from?: string;
  to?: string;
  page: number;
};

/** A local calendar day's first (or, with `isEnd`, last) instant as the ISO time the API filters on. */
export function dayBound(day: string, isEnd: boolean): string | undefined {
  const date = new Date(`${day}T${isEnd ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function getAudit(filter: TAuditFilter, signal?: AbortSignal): Promise<TAuditPage> {
  const query = filterQuery(filter);
  query.set('page', `${filter.page}`);
  query.set('pageSize', `${PAGE_SIZE}`);
  return apiRequest<TAuditPage>(`/ops/v1/audit?${query}`, { signal });
}

/** Every entry of the filter (not just the page shown) as CSV. */
export function auditCsvUrl(filter: TAuditFilter): string {
  const query = filterQuery(filter);
  query.set('format', 'csv');
  return `/api/ops/v1/audit?${query}`;
}

function filterQuery(filter: TAuditFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.kind === 'access') query.set('kind', 'access');
  for (const name of ['actor', 'action', 'object'] as const) {
    const value = filter[name];
    if (value) query.set(name, value);
  }
  const from = filter.from ? dayBound(filter.from, false) : undefined;
  const to = filter.to ? dayBound(filter.to, true) : undefined;
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  return query;
}

/** One page of the audit log, newest first, filtered by staff member, action, object and time. */
export function auditQueryOptions(filter: TAuditFilter) {
  return queryOptions({
    queryKey: auditKeys.list(filter),
    queryFn: ({ signal }) => getAudit(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAudit(filter: TAuditFilter) {
  return useQuery(auditQueryOptions(filter));
}
