import { isNetworkError } from '@lc/ui/api-client';
import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * Whether the app is offline, from three sources (decision 0075): the browser's `navigator.onLine` at start,
 * its `online`/`offline` events, and the API calls themselves: a call that got no answer at all
 * (NETWORK_ERROR) says offline even when the browser still believes it is online (a dead Wi-Fi, a captive
 * portal), and any answer says online again. Every screen reads it through `useIsOffline`.
 */
let isBrowserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
let areCallsFailing = false;
const listeners = new Set<() => void>();

function update(browserOffline: boolean, callsFailing: boolean): void {
  const wasOffline = isOfflineNow();
  isBrowserOffline = browserOffline;
  areCallsFailing = callsFailing;
  if (isOfflineNow() !== wasOffline) for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // Back online, the calls are tried again (query-client.ts): until one fails, they are not failing.
  window.addEventListener('online', () => update(false, false));
  window.addEventListener('offline', () => update(true, areCallsFailing));
}

/** What a finished API call says about the network: no answer → offline, an answer (even an error) → online. */
export function reportCallOutcome(error: unknown): void {
  update(isBrowserOffline, isNetworkError(error));
}

/** True when the app cannot reach the network now. */
export function isOfflineNow(): boolean {
  return isBrowserOffline || areCallsFailing;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The offline state, re-rendering on every change. */
export function useIsOffline(): boolean {
  return useSyncExternalStore(subscribe, isOfflineNow, () => false);
}

/**
 * Runs `retry` when the network comes back (the browser's `online` event) while `isWaiting`: what failed
 * for want of a network is tried again without a tap.
 */
export function useRetryWhenOnline(isWaiting: boolean, retry: () => void): void {
  const latest = useRef(retry);
  latest.current = retry;
  useEffect(() => {
    if (!isWaiting) return;
    const onOnline = () => latest.current();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [isWaiting]);
}
