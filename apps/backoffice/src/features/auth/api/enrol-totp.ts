import { apiRequest } from '@lc/ui/api-client';
import { useMutation } from '@tanstack/react-query';

export function enrolTotp(code: string): Promise<{ recoveryCodes: string[] }> {
  return apiRequest<{ recoveryCodes: string[] }>('/ops/v1/me/totp', { method: 'POST', body: { code } });
}

/** Finishes TOTP enrolment with a code of the secret shown at sign-in; answers the ten recovery codes, once. */
export function useEnrolTotp() {
  return useMutation({ mutationFn: enrolTotp });
}
