import type { TStaffPasswordRequest } from '@lc/shared/contracts/ops-staff';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffSessionKeys } from './staff-session-keys';

export function changePassword(body: TStaffPasswordRequest): Promise<void> {
  return apiRequest('/ops/v1/me/password', { method: 'POST', body });
}

/** Replaces the member's password (at first sign-in: the initial one); their other sessions end. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The first sign-in's last step: the console's guard reads the session anew.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffSessionKeys.me() }),
  });
}
