import type { TStaffSessionRequest, TStaffSessionResponse } from '@lc/shared/contracts/ops-staff';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffSessionKeys } from './staff-session-keys';

export function signIn(body: TStaffSessionRequest): Promise<TStaffSessionResponse> {
  return apiRequest<TStaffSessionResponse>('/ops/v1/session', { method: 'POST', body });
}

/** Signs in; the answer says what the first sign-in still needs (TOTP enrolment, a new password). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ staff, mustChangePassword, mustEnrolTotp }) =>
      queryClient.setQueryData(staffSessionKeys.me(), { staff, mustChangePassword, mustEnrolTotp }),
  });
}
