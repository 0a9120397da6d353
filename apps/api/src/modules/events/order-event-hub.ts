import type { OrderEvent } from './order-event';

export type OrderEventListener = (event: OrderEvent) => void;

/**
 * This process's fan-out of order events: the one LISTEN connection feeds it, and every open stream
 * subscribes here rather than to the database. A player's stream subscribes to its player only (an event is
 * handed to that player's streams, not tested against every stream of the process); a staff stream can take
 * them all and filter by agency.
 */
export type OrderEventHub = {
  /** Events of one player. Returns the unsubscribe function. */
  subscribePlayer: (playerId: string, listener: OrderEventListener) => () => void;
  /** Every event of the process (e.g. a staff stream filtering by agency). */
  subscribeAll: (listener: OrderEventListener) => () => void;
  /** Called whenever events may have been lost (the LISTEN connection was replaced). */
  onGap: (listener: () => void) => () => void;
  publish: (event: OrderEvent) => void;
  reportGap: () => void;
};

export function createOrderEventHub(onListenerError: (error: unknown) => void): OrderEventHub {
  const byPlayer = new Map<string, Set<OrderEventListener>>();
  const all = new Set<OrderEventListener>();
  const gapListeners = new Set<() => void>();

  // One failing stream (a socket that throws on write) must not keep the event from the others.
  const call = (listener: OrderEventListener, event: OrderEvent) => {
    try {
      listener(event);
    } catch (error) {
      onListenerError(error);
    }
  };

  return {
    subscribePlayer: (playerId, listener) => {
      let listeners = byPlayer.get(playerId);
      if (!listeners) {
        listeners = new Set();
        byPlayer.set(playerId, listeners);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && byPlayer.get(playerId) === listeners) byPlayer.delete(playerId);
      };
    },
    subscribeAll: (listener) => {
      all.add(listener);
      return () => all.delete(listener);
    },
    onGap: (listener) => {
      gapListeners.add(listener);
      return () => gapListeners.delete(listener);
    },
    publish: (event) => {
      const mine = event.playerId === null ? undefined : byPlayer.get(event.playerId);
      for (const listener of [...(mine ?? [])]) call(listener, event);
      for (const listener of [...all]) call(listener, event);
    },
    reportGap: () => {
      for (const listener of [...gapListeners]) listener();
    },
  };
}
