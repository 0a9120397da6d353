import type { TReconciliationRun } from '@lc/shared/contracts/reconciliation';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reconciliationKeys } from '@/lib/query-keys';

export function startReconciliation(kind: 'FULL' | 'ACTIVITY'): Promise<{ run: TReconciliationRun }> {
  return apiRequest<{ run: TReconciliationRun }>('/ops/v1/reconciliation/runs', {
    method: 'POST',
    body: { kind },
  });
}

/** Starts a run (finance); it finishes in the background and the list shows its progress. */
export function useStartReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startReconciliation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.lists() }),
  });
}
