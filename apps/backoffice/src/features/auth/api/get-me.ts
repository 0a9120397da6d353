import type { TMeResponse, TPendingTotpResponse } from '@lc/shared/contracts/ops-staff';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { staffSessionKeys } from './staff-session-keys';

export function getMe(signal?: AbortSignal): Promise<TMeResponse> {
  return apiRequest<TMeResponse>('/ops/v1/me', { signal });
}

/** The signed-in staff member and what of the first sign-in is still owed (401 UNAUTHORIZED when signed out). */
export function meQueryOptions() {
  return queryOptions({ queryKey: staffSessionKeys.me(), queryFn: ({ signal }) => getMe(signal) });
}

export function useMe() {
  return useSuspenseQuery(meQueryOptions()).data.staff;
}

export function getPendingTotp(signal?: AbortSignal): Promise<TPendingTotpResponse> {
  return apiRequest<TPendingTotpResponse>('/ops/v1/me/totp', { signal });
}

/** The secret the member is enrolling, shown again after a reload (the same until enrolment is confirmed). */
export function pendingTotpQueryOptions() {
  return queryOptions({
    queryKey: staffSessionKeys.pendingTotp(),
    queryFn: ({ signal }) => getPendingTotp(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
