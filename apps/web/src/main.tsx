import './mantine.css';
import '@lc/ui/fonts.css';
import './styles.css';
import './accessibility.css';
import '@lc/ui/zod-jitless';
import { FIRST_PAINT_ELEMENT_ID } from '@lc/shared/first-paint';
import { isApiError, isNetworkError } from '@lc/ui/api-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { OfflinePage } from './components/offline-page';
import { StartupError } from './components/startup-error';
import { agencyInfoQueryOptions } from './features/agency/api/get-agency-info';
import { AgencyNotFound } from './features/agency/components/agency-not-found';
import { playerInfoQueryOptions } from './features/auth/api/get-player-info';
import { initI18n } from './i18n/i18n';
import { listenForInstallPrompt } from './lib/install-prompt';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/register-service-worker';
import { AppProviders } from './providers';
import { createAppRouter, PENDING_MS } from './router';

async function bootstrap() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const queryClient = createQueryClient();

  // The agency is loaded before anything renders (spec section 1); translations and the player (which the
  // root route asks for) load alongside. A page the server painted was asked for without a session cookie
  // (decision 0058): its visitor is signed out, and asking would only be answered 401.
  const isSignedOut = document.getElementById(FIRST_PAINT_ELEMENT_ID) !== null;
  if (isSignedOut) queryClient.setQueryData(playerInfoQueryOptions().queryKey, null);
  const [agency] = await Promise.allSettled([
    queryClient.fetchQuery(agencyInfoQueryOptions()),
    initI18n(),
    isSignedOut ? undefined : queryClient.prefetchQuery(playerInfoQueryOptions()),
  ]);

  const root = createRoot(container);
  let page: React.ReactNode;
  if (agency.status === 'fulfilled') {
    const router = createAppRouter({ queryClient, agency: agency.value.agency });
    // The first route is resolved before the first render, so React renders the whole page in slices (below).
    // Rendered first and resolved after, the route's arrival re-rendered the page in one long task: the
    // router's store updates are synchronous in React. A route slower than the pending delay renders with its
    // spinner, as any navigation does. A failed load is tried again by the RouterProvider once mounted.
    const isLoaded = router.load().catch(() => undefined);
    await Promise.race([isLoaded, new Promise((resolve) => setTimeout(resolve, PENDING_MS))]);
    page = <RouterProvider router={router} />;
  } else if (isApiError(agency.reason) && agency.reason.code === 'AGENCY_NOT_FOUND') {
    page = <AgencyNotFound />;
  } else if (isNetworkError(agency.reason)) {
    // Opened without a network: the service worker served the shell and the translations, not the agency.
    page = <OfflinePage />;
  } else {
    page = <StartupError error={agency.reason} />;
  }
  // As a transition React renders the first page in slices, yielding to the browser between them, instead
  // of one long task that would hold up input (Lighthouse counted it as total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders
          queryClient={queryClient}
          primaryColor={agency.status === 'fulfilled' ? agency.value.agency.theme.primaryColor : undefined}
        >
          {page}
          <FirstPaintHandOver />
        </AppProviders>
      </StrictMode>,
    );
  });
}

/**
 * Takes away the page the server painted before this script ran (decision 0058) in the same commit that puts the
 * app's page in its place: a layout effect runs before the browser paints again, so no frame shows both.
 */
function FirstPaintHandOver() {
  // Where the visitor had scrolled the painted page, read while rendering: the router's scroll restoration
  // puts a first page at the top in its own layout effect, which runs before this one.
  const [scrolled] = useState(() => ({ x: window.scrollX, y: window.scrollY }));
  useLayoutEffect(() => {
    const painted = document.getElementById(FIRST_PAINT_ELEMENT_ID);
    if (!painted) return;
    painted.remove();
    window.scrollTo(scrolled.x, scrolled.y);
  }, [scrolled]);
  return null;
}

listenForInstallPrompt();
void bootstrap();
registerServiceWorker();
