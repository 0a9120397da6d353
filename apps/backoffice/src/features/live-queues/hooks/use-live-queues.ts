import { apiRequest } from '@lc/ui/api-client';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LOGIN_PATH, shouldRedirectToLogin } from '@/lib/query-client';
import { dashboardKeys } from '@/lib/query-keys';
import { createQueueEventStream, type QueueStreamState } from '../lib/queue-event-stream';
import { beep, isSoundOn } from '../lib/queue-sound';
import { isArrival, QUEUES, queueOf, type TQueue } from '../lib/queues';

function refreshQueue(queryClient: QueryClient, queue: TQueue) {
  void queryClient.invalidateQueries({ queryKey: queue.keys.lists() });
  void queryClient.invalidateQueries({ queryKey: queue.keys.counts() });
}

async function isSessionOver(): Promise<boolean> {
  try {
    await apiRequest('/ops/v1/me');
    return false;
  } catch (error) {
    return shouldRedirectToLogin(error);
  }
}

/**
 * Opens the queue events once for the signed-in console (the shell calls it): an event refreshes its
 * queue's lists and count and the dashboard, an arrival beeps when the member turned the sound on.
 */
export function useLiveQueues(): QueueStreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<QueueStreamState>('connecting');
  useEffect(() => {
    const stream = createQueueEventStream({
      open: (url) => new EventSource(url),
      onEvent: (event) => {
        refreshQueue(queryClient, queueOf(event));
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
        if (isArrival(event) && isSoundOn()) beep();
      },
      onResync: () => {
        for (const queue of QUEUES) refreshQueue(queryClient, queue);
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      },
      onState: setState,
      isSessionOver,
      onSessionOver: () => window.location.assign(LOGIN_PATH),
    });
    stream.start();
    return () => stream.stop();
  }, [queryClient]);
  return state;
}
