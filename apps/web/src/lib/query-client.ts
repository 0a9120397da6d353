import { isApiError } from '@lc/ui/api-client';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

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

/** Retries server and network failures up to 3 times; a 4xx answer is final. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: redirectToLogin }),
    mutationCache: new MutationCache({ onError: redirectToLogin }),
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
        refetchOnWindowFocus: true,
        retry: shouldRetry,
        retryDelay,
      },
      mutations: { retry: false },
    },
  });
}
