import type { TTransferPage } from '@lc/shared/contracts/transfers';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { transferKeys } from './transfer-keys';

export function getTransfers(page: number, pageSize: number, signal?: AbortSignal): Promise<TTransferPage> {
  // Typed, not parsed: a status this build does not know must still show (as a grey chip), not fail the page.
  const query = new URLSearchParams({ page: `${page}`, pageSize: `${pageSize}` });
  return apiRequest<TTransferPage>(`/v2/credits/transfers?${query}`, { signal });
}

/** One page of the player's transfers between providers, newest first. */
export function transfersQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: transferKeys.list(page, pageSize),
    queryFn: ({ signal }) => getTransfers(page, pageSize, signal),
    staleTime: 0,
  });
}

export function useTransfers(page: number, pageSize: number) {
  return useSuspenseQuery(transfersQueryOptions(page, pageSize));
}
