import type { TAgency } from '@lc/shared/contracts/agency';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { ErrorFallback } from './components/error-fallback';
import { NotFound } from './components/not-found';
import { PageSpinner } from './components/page-spinner';
import { routeTree } from './routeTree.gen';

/** How long a navigation waits before its pending spinner shows. */
export const PENDING_MS = 1000;

export function createAppRouter({
  queryClient,
  agency,
  serverPath,
}: {
  queryClient: QueryClient;
  agency: TAgency;
  /** Set when the server paints a page before the app runs (first-paint/): no browser, no history. */
  serverPath?: string;
}) {
  return createRouter({
    routeTree,
    history: serverPath === undefined ? undefined : createMemoryHistory({ initialEntries: [serverPath] }),
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
    // On the server the router would write its scroll restorer into the page as an inline script, which the
    // CSP refuses; the app in the browser restores scroll itself.
    scrollRestoration: serverPath === undefined,
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
