import type { TStaff } from '@lc/shared/contracts/ops-staff';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { staffSessionKeys } from './staff-session-keys';

export function getMe(signal?: AbortSignal): Promise<{ staff: TStaff }> {
  return apiRequest<{ staff: TStaff }>('/ops/v1/me', { signal });
}

/** The signed-in staff member (401 UNAUTHORIZED when signed out). */
export function meQueryOptions() {
  return queryOptions({ queryKey: staffSessionKeys.me(), queryFn: ({ signal }) => getMe(signal) });
}

export function useMe() {
  return useSuspenseQuery(meQueryOptions()).data.staff;
}
