import { apiRequest } from '@lc/ui/api-client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { playerKeys } from '@/lib/query-keys';
import { PAGE_SIZE } from '@/lib/search-params';

/**
 * The query of one part of a player's page (`players/{id}/<part>`), paged when given a page. Each part is
 * read only when its tab is open: every read writes an audit row (decision 0046).
 */
export function playerPartQueryOptions<T>(id: string, part: string, page?: number) {
  const filter = page === undefined ? {} : { page };
  const query =
    page === undefined ? '' : `?${new URLSearchParams({ page: `${page}`, pageSize: `${PAGE_SIZE}` })}`;
  return queryOptions({
    queryKey: playerKeys.part(id, part, filter),
    queryFn: ({ signal }) =>
      apiRequest<T>(`/ops/v1/players/${encodeURIComponent(id)}/${part}${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
