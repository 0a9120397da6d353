import { isApiError, isNetworkError } from '@lc/ui/api-client';
import { focusManager, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isOfflineNow, reportCallOutcome } from './network-status';

const FIVE_MINUTES = 5 * 60 * 1000;
const MAX_RETRY_DELAY = 30_000;

/** Calls whose 401 means "signed out", not "session lost": they must never bounce to /login. */
const AUTH_REDIRECT_EXEMPT = ['/v2/players/info', '/v2/agency/info'];

/** True when the error is a lost session on a call other than player info and agency info (spec section 2). */
export function shouldRedirectToLogin(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 401) return false;
  if (AUTH_REDIRECT_EXEMPT.includes(error.path)) return false;
  // A 401 with another code (wrong credentials at login) is an answer to show, not a lost session.
  return error.code === 'UNAUTHORIZED';
}

/**
 * Retries server and network failures up to 3 times; a 4xx answer is final, and so is a network failure while
 * offline: retried, it only kept the screen blank for 1 + 2 + 4 s before saying so (decision 0075). The
 * network's return retries it instead (`retryWhenBackOnline`).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  if (isNetworkError(error) && isOfflineNow()) return false;
  return failureCount < 3;
}

/** Exponential backoff from 1 s, capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY);
}

function redirectToLogin(error: unknown) {
  if (!shouldRedirectToLogin(error)) return;
  if (window.location.pathname === '/login') return;
  window.location.assign('/login');
}

function onCallError(error: unknown) {
  reportCallOutcome(error);
  redirectToLogin(error);
}

/**
 * Refetches on window focus *and* on visibility change: TanStack Query's focus manager listens to
 * `visibilitychange` alone, and coming back from another tab or window (the game's) may fire only `focus`,
 * so balances stayed as they were before the game until a refresh (decision 0075). Both may fire for one
 * return; a query already fetching is not started twice.
 */
function refetchOnFocusAndVisibility(): void {
  focusManager.setEventListener((handleFocus) => {
    if (typeof window === 'undefined') return undefined;
    const onFocus = () => handleFocus();
    window.addEventListener('visibilitychange', onFocus, false);
    window.addEventListener('focus', onFocus, false);
    return () => {
      window.removeEventListener('visibilitychange', onFocus);
      window.removeEventListener('focus', onFocus);
    };
  });
}

/**
 * Fetches again every query on screen whose last fetch failed: what the offline banner's Retry does, and
 * what the network's return does by itself, so a balance saying "cannot connect" recovers without a tap.
 * TanStack Query's own refetch on reconnect skips a query that still holds data younger than its stale time.
 */
export function retryFailedCalls(queryClient: QueryClient): void {
  void queryClient.refetchQueries(
    { type: 'active', predicate: (query) => query.state.fetchFailureCount > 0 },
    { cancelRefetch: false },
  );
}

function retryWhenBackOnline(queryClient: QueryClient): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('online', () => retryFailedCalls(queryClient));
}

export function createQueryClient(): QueryClient {
  refetchOnFocusAndVisibility();
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: onCallError, onSuccess: () => reportCallOutcome(undefined) }),
    mutationCache: new MutationCache({ onError: onCallError, onSuccess: () => reportCallOutcome(undefined) }),
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
        refetchOnWindowFocus: true,
        retry: shouldRetry,
        retryDelay,
        // Asked even offline, so the screen says "offline" at once (its call fails as a network error)
        // instead of waiting, paused, with a spinner: the default ('online') left Check spinning until the
        // network came back (decision 0075).
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  retryWhenBackOnline(queryClient);
  return queryClient;
}
