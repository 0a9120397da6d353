import type { TApproval } from '@lc/shared/contracts/ops-approvals';
import type { TOpsWithdrawalResponse } from '@lc/shared/contracts/ops-withdrawals';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawalKeys } from '@/lib/query-keys';

/**
 * approve: paid out (bank reference); bounced: the payout came back (its reference); reject: credit back.
 * A large payout and crediting a bounce back answer `{approval}` instead: a second person decides them.
 */
export type TWithdrawalDecision = 'approve' | 'bounced' | 'reject';

export function decideWithdrawal(
  code: string,
  decision: TWithdrawalDecision,
  text: string,
): Promise<TOpsWithdrawalResponse | { approval: TApproval }> {
  const body = decision === 'reject' ? (text ? { reason: text } : {}) : { bankReference: text };
  return apiRequest<TOpsWithdrawalResponse | { approval: TApproval }>(
    `/ops/v1/withdrawals/${encodeURIComponent(code)}/${decision}`,
    {
      method: 'POST',
      body,
    },
  );
}

/** Approves, rejects or marks bounced one withdrawal; the queue is read again. */
export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, decision, text }: { code: string; decision: TWithdrawalDecision; text: string }) =>
      decideWithdrawal(code, decision, text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.lists() }),
  });
}
