import type { TStaffPasswordRequest } from '@lc/shared/contracts/ops-staff';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation } from '@tanstack/react-query';

export function changePassword(body: TStaffPasswordRequest): Promise<void> {
  return apiRequest('/ops/v1/me/password', { method: 'POST', body });
}

/** Replaces the member's password (at first sign-in: the initial one); their other sessions end. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
