import type { TApproval } from '@lc/shared/contracts/ops-approvals';
import type { TStaff, TUpdateStaffRequest } from '@lc/shared/contracts/ops-staff';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalKeys, staffKeys } from '@/lib/query-keys';

/** 200 `{staff}` for (de)activation; 202 `{approval}` for a role change, a four-eyes request. */
export type TUpdateStaffResult = { staff: TStaff } | { approval: TApproval };

export function updateStaff(id: string, body: TUpdateStaffRequest): Promise<TUpdateStaffResult> {
  return apiRequest<TUpdateStaffResult>(`/ops/v1/staff/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

/** Deactivates or reactivates a member at once, or requests a role change. */
export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateStaffRequest }) => updateStaff(id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: approvalKeys.lists() });
    },
  });
}
