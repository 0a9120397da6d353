import type { TApproval } from '@lc/shared/contracts/ops-approvals';
import type { TCreateStaffRequest, TStaff } from '@lc/shared/contracts/ops-staff';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '@/lib/query-keys';

export type TCreatedStaff = { staff: TStaff; initialPassword: string };
/** A finance or admin member is a request: a second admin approves it and receives the password. */
export type TStaffCreation = TCreatedStaff | { approval: TApproval };

export function createStaff(body: TCreateStaffRequest): Promise<TStaffCreation> {
  return apiRequest<TStaffCreation>('/ops/v1/staff', { method: 'POST', body });
}

/** Creates a staff account (its one-time password shown once), or asks a second admin to (decision 0065). */
export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.lists() }),
  });
}
