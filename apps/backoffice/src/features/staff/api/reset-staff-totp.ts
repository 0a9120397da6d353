import { apiRequest } from '@lc/ui/api-client';
import { useMutation } from '@tanstack/react-query';

export function resetStaffTotp(id: string): Promise<void> {
  return apiRequest(`/ops/v1/staff/${encodeURIComponent(id)}/reset-totp`, { method: 'POST' });
}

/** Clears a member's TOTP: they enrol again at their next sign-in. */
export function useResetStaffTotp() {
  return useMutation({ mutationFn: resetStaffTotp });
}
