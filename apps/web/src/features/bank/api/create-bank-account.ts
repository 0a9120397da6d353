import type {
  TBankAccountResponse,
  TBankAccountsResponse,
  TCreateBankAccountRequest,
} from '@lc/shared/contracts/bank-accounts';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankKeys } from './bank-keys';

export function createBankAccount(body: TCreateBankAccountRequest): Promise<TBankAccountResponse> {
  // Typed, not parsed: see get-bank-accounts.ts (ZBank would pull zod into the initial bundle).
  return apiRequest<TBankAccountResponse>('/v2/players/bank-accounts', { method: 'POST', body });
}

/**
 * Adds the player's one bank account. The saved account is shown at once from the answer, then the list is
 * refetched; `onSaved` lets the route refresh what other features cache (player info).
 */
export function useCreateBankAccount({ onSaved }: { onSaved?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBankAccount,
    retry: false,
    onSuccess: async ({ bankAccount }) => {
      queryClient.setQueryData<TBankAccountsResponse>(bankKeys.playerAccounts(), {
        playerAccounts: [bankAccount],
      });
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: bankKeys.playerAccounts() });
    },
  });
}
