import type { TCreateStaffRequest, TStaff } from '@lc/shared/contracts/ops-staff';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '@/lib/query-keys';

export type TCreatedStaff = { staff: TStaff; initialPassword: string };

export function createStaff(body: TCreateStaffRequest): Promise<TCreatedStaff> {
  return apiRequest<TCreatedStaff>('/ops/v1/staff', { method: 'POST', body });
}

/** Creates a staff account; the answer carries its one-time initial password, shown once. */
export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.lists() }),
  });
}
