import type { TCreditPreviewResponse } from '@lc/shared/contracts/ops-bank-payments';
import type { TProvider } from '@lc/shared/providers';
import { apiRequest } from '@lc/ui/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bankPaymentKeys } from '@/lib/query-keys';

export function getCreditPreview(
  id: string,
  provider: TProvider | null,
  signal?: AbortSignal,
): Promise<TCreditPreviewResponse> {
  const query = provider ? `?${new URLSearchParams({ provider })}` : '';
  return apiRequest<TCreditPreviewResponse>(
    `/ops/v1/bank-payments/${encodeURIComponent(id)}/credit-preview${query}`,
    { signal },
  );
}

/**
 * What crediting the payment would book, from the server (the credit's own rules and rate): for the provider
 * chosen, or, before staff choose, for the provider the payment's order names (the answer says which).
 */
export function creditPreviewQueryOptions(id: string, provider: TProvider | null) {
  return queryOptions({
    queryKey: [...bankPaymentKeys.detail(id), 'credit-preview', provider ?? 'order'] as const,
    queryFn: ({ signal }) => getCreditPreview(id, provider, signal),
    placeholderData: keepPreviousData,
    // The rate or the payment may change under an open dialog: asked again whenever it is shown anew.
    staleTime: 0,
    retry: false,
  });
}

export function useCreditPreview(id: string, provider: TProvider | null) {
  return useQuery(creditPreviewQueryOptions(id, provider));
}
