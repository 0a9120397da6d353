import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { ErrorFallback } from './components/error-fallback';
import { PageSpinner } from './components/page-spinner';
import { routeTree } from './routeTree.gen';

export function createConsoleRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    basepath: '/backoffice',
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders use the query cache, so the router's own cache must not hold stale preloads.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 500,
    defaultPendingComponent: PageSpinner,
    defaultErrorComponent: ErrorFallback,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createConsoleRouter>;
  }
}
