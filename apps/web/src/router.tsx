import type { TAgency } from '@lc/shared/contracts/agency';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { ErrorFallback } from './components/error-fallback';
import { NotFound } from './components/not-found';
import { PageSpinner } from './components/page-spinner';
import { routeTree } from './routeTree.gen';

/** How long a navigation waits before its pending spinner shows. */
export const PENDING_MS = 1000;

export function createAppRouter({ queryClient, agency }: { queryClient: QueryClient; agency: TAgency }) {
  return createRouter({
    routeTree,
    // `auth` is filled in by the root route's beforeLoad on every navigation.
    context: { queryClient, agency, auth: { isAuthenticated: false, player: null } },
    defaultPreload: 'intent',
    defaultPreloadDelay: 50,
    // Loaders use the query cache, so the router's own cache must not hold stale preloads.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: PENDING_MS,
    defaultPendingMinMs: 500,
    defaultPendingComponent: PageSpinner,
    defaultErrorComponent: ErrorFallback,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
}

/** `t` as a route's title uses it: a key and string values. */
type Translate = (key: string, values?: Record<string, string>) => string;

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page's name in the browser tab, before " · <agency name>" (components/layout/document-title.ts). */
    title?: (t: Translate, params: Record<string, string>) => string;
  }
}
