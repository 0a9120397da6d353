import type { TChangePasswordRequest } from '@lc/shared/contracts/players';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation } from '@tanstack/react-query';

export function changePassword(body: TChangePasswordRequest): Promise<void> {
  return apiRequest('/v2/players/security/password/change', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, retry: false });
}
