import type { TPlayerOrderEvent } from '@lc/shared/contracts/events';
import { useEffect, useRef, useSyncExternalStore } from 'react';

/** `live`: events arrive; `connecting`: (re)connecting; `unavailable`: fall back to polling; `off`: signed out. */
export type OrderEventsState = 'off' | 'connecting' | 'live' | 'unavailable';

export type OrderEventHandlers = {
  onOrder?: (event: TPlayerOrderEvent) => void;
  /** The stream came back after a drop: events may have been missed, re-read what is shown. */
  onResync?: () => void;
};

type Source = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'>;

const EVENTS_URL = '/api/v2/players/events';
// Errors in a row without an open in between: the browser keeps retrying, but the app polls meanwhile.
const ERRORS_BEFORE_UNAVAILABLE = 3;
// A stream the server refused (401, 429, 5xx) is never retried by the browser: the app tries again itself.
const REOPEN_AFTER_REFUSAL_MS = 30_000;
const CLOSED = 2; // EventSource.CLOSED, also where EventSource does not exist (tests)

const isOrderEvent = (value: unknown): value is TPlayerOrderEvent => {
  const v = value as Partial<TPlayerOrderEvent> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    (v.kind === 'deposit' || v.kind === 'withdrawal' || v.kind === 'transfer') &&
    typeof v.code === 'string' &&
    typeof v.status === 'string'
  );
};

/**
 * The tab's one connection to the player's event stream (server-sent events): opened on sign-in, closed on
 * sign-out, shared by every screen that listens. The browser reconnects after a drop (the server's `retry`);
 * repeated errors mark the stream unavailable so that screens poll instead.
 */
export function createOrderEvents(openSource: (url: string) => Source) {
  let source: Source | null = null;
  let state: OrderEventsState = 'off';
  let errorsInARow = 0;
  let hasOpened = false;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  const handlers = new Set<OrderEventHandlers>();
  const stateListeners = new Set<() => void>();

  const setState = (next: OrderEventsState) => {
    if (state === next) return;
    state = next;
    for (const listener of [...stateListeners]) listener();
  };

  const connect = () => {
    const current = openSource(EVENTS_URL);
    source = current;
    setState('connecting');
    current.addEventListener('open', () => {
      errorsInARow = 0;
      setState('live');
      if (hasOpened) for (const h of [...handlers]) h.onResync?.();
      hasOpened = true;
    });
    current.addEventListener('order', (message) => {
      let data: unknown;
      try {
        data = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      if (isOrderEvent(data)) for (const h of [...handlers]) h.onOrder?.(data);
    });
    current.addEventListener('error', () => {
      if (source !== current) return;
      errorsInARow += 1;
      if (current.readyState === CLOSED) {
        current.close();
        source = null;
        setState('unavailable');
        reopenTimer = setTimeout(() => {
          reopenTimer = undefined;
          connect();
        }, REOPEN_AFTER_REFUSAL_MS);
      } else if (errorsInARow >= ERRORS_BEFORE_UNAVAILABLE) setState('unavailable');
      else setState('connecting');
    });
  };

  return {
    start: () => {
      if (source || reopenTimer !== undefined) return;
      connect();
    },
    stop: () => {
      clearTimeout(reopenTimer);
      reopenTimer = undefined;
      source?.close();
      source = null;
      errorsInARow = 0;
      hasOpened = false;
      setState('off');
    },
    getState: () => state,
    subscribeState: (listener: () => void) => {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
    listen: (h: OrderEventHandlers) => {
      handlers.add(h);
      return () => {
        handlers.delete(h);
      };
    },
  };
}

export type OrderEvents = ReturnType<typeof createOrderEvents>;

/** The tab's order events. */
export const orderEvents: OrderEvents = createOrderEvents((url) => new EventSource(url));

/** Opens the tab's stream while `isSignedIn` (the root route calls it once). */
export function useOrderEventStream(isSignedIn: boolean): void {
  useEffect(() => {
    if (!isSignedIn) return;
    orderEvents.start();
    return () => orderEvents.stop();
  }, [isSignedIn]);
}

/** The stream's state, e.g. to poll while it is `unavailable`. */
export function useOrderEventsState(): OrderEventsState {
  return useSyncExternalStore(orderEvents.subscribeState, orderEvents.getState, () => 'off' as const);
}

/** Calls the latest `handlers` for every event while mounted. */
export function useOrderEvents(handlers: OrderEventHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(
    () =>
      orderEvents.listen({
        onOrder: (event) => latest.current.onOrder?.(event),
        onResync: () => latest.current.onResync?.(),
      }),
    [],
  );
}
