import type { TApproval } from '@lc/shared/contracts/ops-approvals';
import type { TSetExchangeRateRequest, TSetExchangeRateResponse } from '@lc/shared/contracts/rates';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalKeys, exchangeRateKeys } from '@/lib/query-keys';

/** 200 `{rate}` when set at once; 202 `{approval}` when it moved more than 5 % and waits for a second person. */
export type TSetRateResult = TSetExchangeRateResponse | { approval: TApproval };

export function setExchangeRate(body: TSetExchangeRateRequest): Promise<TSetRateResult> {
  return apiRequest<TSetRateResult>('/ops/v1/exchange-rates', { method: 'PUT', body });
}

/** Sets a currency's buy and sell rate (finance+). */
export function useSetExchangeRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setExchangeRate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: exchangeRateKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: approvalKeys.lists() }),
      ]),
  });
}
