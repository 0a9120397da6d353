import type { TStaffRole } from '@lc/shared/contracts/ops-staff';
import { apiRequest } from '@lc/ui/api-client';
import { useQueries } from '@tanstack/react-query';
import { hasRole } from '@/lib/roles';
import { QUEUES, type TQueue, type TQueueName } from '../lib/queues';

/** While the event stream is down the menu counts are read again this often. */
export const COUNT_POLL_MS = 15_000;

/** How many records of one status wait: the `total` of a one-row page of the queue's own list. */
export function getQueueCount(queue: TQueue, status: string, signal?: AbortSignal): Promise<number> {
  const query = new URLSearchParams({ status, page: '1', pageSize: '1' });
  return apiRequest<{ total: number }>(`${queue.path}?${query}`, { signal }).then((page) => page.total);
}

/** The menu's counts per queue the member may read; `isPolling` while events cannot be trusted. */
export function useQueueCounts(role: TStaffRole, isPolling: boolean): Partial<Record<TQueueName, number>> {
  const pairs = QUEUES.filter((queue) => hasRole(role, queue.role)).flatMap((queue) =>
    queue.statuses.map((status) => ({ queue, status })),
  );
  const results = useQueries({
    queries: pairs.map(({ queue, status }) => ({
      queryKey: queue.keys.count(status),
      queryFn: ({ signal }: { signal: AbortSignal }) => getQueueCount(queue, status, signal),
      refetchInterval: isPolling ? COUNT_POLL_MS : (false as const),
    })),
  });
  const counts: Partial<Record<TQueueName, number>> = {};
  pairs.forEach(({ queue }, index) => {
    const total = results[index]?.data;
    if (total !== undefined) counts[queue.nav] = (counts[queue.nav] ?? 0) + total;
  });
  return counts;
}
