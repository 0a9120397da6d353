import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffSessionKeys } from './staff-session-keys';

export function enrolTotp(code: string): Promise<{ recoveryCodes: string[] }> {
  return apiRequest<{ recoveryCodes: string[] }>('/ops/v1/me/totp', { method: 'POST', body: { code } });
}

/** Finishes TOTP enrolment with a code of the secret shown at sign-in; answers the ten recovery codes, once. */
export function useEnrolTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrolTotp,
    // What the session still owes changed: read again when next asked (the console's guard asks).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffSessionKeys.me() }),
  });
}
