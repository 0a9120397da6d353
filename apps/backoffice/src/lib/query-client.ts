import { isApiError } from '@lc/ui/api-client';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

const ONE_MINUTE = 60 * 1000;
export const LOGIN_PATH = '/backoffice/login';

/**
 * A lost staff session (401 UNAUTHORIZED), or a first sign-in not finished (403 STAFF_SETUP_REQUIRED: the
 * sign-in page resumes it), anywhere but on sign-in itself: back to the sign-in page.
 */
export function shouldRedirectToLogin(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 403) return error.code === 'STAFF_SETUP_REQUIRED';
  return error.status === 401 && error.code === 'UNAUTHORIZED';
}

/** Retries server and network failures twice; a 4xx answer is final. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

function redirectToLogin(error: unknown) {
  if (!shouldRedirectToLogin(error)) return;
  if (window.location.pathname === LOGIN_PATH) return;
  window.location.assign(LOGIN_PATH);
}

/** Queues change all day: data is fresh for a minute, and refetched when staff come back to the tab. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: redirectToLogin }),
    mutationCache: new MutationCache({ onError: redirectToLogin }),
    defaultOptions: {
      queries: { staleTime: ONE_MINUTE, refetchOnWindowFocus: true, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
