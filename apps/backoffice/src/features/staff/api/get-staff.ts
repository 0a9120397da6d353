import type { TStaff } from '@lc/shared/contracts/ops-staff';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffKeys } from '@/lib/query-keys';

export function getStaff(signal?: AbortSignal): Promise<{ staff: TStaff[] }> {
  return apiRequest<{ staff: TStaff[] }>('/ops/v1/staff', { signal });
}

/** The agency's staff accounts (admin). */
export function staffQueryOptions() {
  return queryOptions({ queryKey: staffKeys.list({}), queryFn: ({ signal }) => getStaff(signal) });
}

export function useStaff() {
  return useQuery(staffQueryOptions());
}
