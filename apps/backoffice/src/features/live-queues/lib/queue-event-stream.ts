import type { TOpsQueueEvent } from '@lc/shared/contracts/ops-events';

/** `live`: events arrive; `connecting`: first connection; `down`: dropped, counts are polled; `off`: stopped. */
export type QueueStreamState = 'off' | 'connecting' | 'live' | 'down';

type Source = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'>;

export type QueueStreamOptions = {
  open: (url: string) => Source;
  onEvent: (event: TOpsQueueEvent) => void;
  /** The stream came back after a drop: events may have been missed, re-read every queue. */
  onResync: () => void;
  onState: (state: QueueStreamState) => void;
  /** True when the staff session has ended (401): then the stream is not retried. */
  isSessionOver: () => Promise<boolean>;
  onSessionOver: () => void;
};

export const EVENTS_URL = '/api/ops/v1/events';
const CLOSED = 2; // EventSource.CLOSED, also where EventSource does not exist (tests)
export const FIRST_RETRY_MS = 2_000;
export const LAST_RETRY_MS = 60_000;
const QUEUE_TYPES = new Set<string>(['deposit', 'withdrawal', 'bank-payment', 'approval']);

const isQueueEvent = (value: unknown): value is TOpsQueueEvent => {
  const v = value as Partial<TOpsQueueEvent> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.type === 'string' &&
    QUEUE_TYPES.has(v.type) &&
    typeof v.id === 'string' &&
    typeof v.status === 'string'
  );
};

/**
 * The console's one connection to the queue events (decision 0043), opened by the shell. The browser
 * reconnects a dropped stream itself (the server's `retry`); a refused one (401, 429, 5xx) it closes for
 * good, and then this retries with a doubling delay, unless the session is over: that goes to sign-in
 * instead, so an ended session never makes a reconnect storm.
 */
export function createQueueEventStream(options: QueueStreamOptions) {
  let source: Source | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let delay = FIRST_RETRY_MS;
  let hasOpened = false;
  let isStopped = true;

  const connect = () => {
    const current = options.open(EVENTS_URL);
    source = current;
    current.addEventListener('open', () => {
      delay = FIRST_RETRY_MS;
      options.onState('live');
      if (hasOpened) options.onResync();
      hasOpened = true;
    });
    current.addEventListener('message', (message) => {
      let data: unknown;
      try {
        data = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      if (isQueueEvent(data)) options.onEvent(data);
    });
    current.addEventListener('error', () => {
      if (source !== current) return;
      options.onState('down');
      if (current.readyState !== CLOSED) return; // the browser is reconnecting by itself
      current.close();
      source = null;
      void options.isSessionOver().then((isOver) => {
        if (isStopped) return;
        if (isOver) {
          isStopped = true;
          options.onState('off');
          options.onSessionOver();
          return;
        }
        retryTimer = setTimeout(() => {
          retryTimer = undefined;
          if (!isStopped) connect();
        }, delay);
        delay = Math.min(delay * 2, LAST_RETRY_MS);
      });
    });
  };

  return {
    start: () => {
      if (!isStopped) return;
      isStopped = false;
      options.onState('connecting');
      connect();
    },
    stop: () => {
      isStopped = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      source?.close();
      source = null;
      hasOpened = false;
      delay = FIRST_RETRY_MS;
      options.onState('off');
    },
  };
}
