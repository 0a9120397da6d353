import { cssVariablesResolver, themeFor } from '@lc/ui/theme';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useHasOpened } from './components/layout/use-has-opened';

const Notifications = lazy(() =>
  import('./components/toast-container').then((module) => ({ default: module.Notifications })),
);

/**
 * The toast container (with its transitions), fetched when the first toast is shown: `notifications.show`
 * puts it in the store, which this reads, and it waits there until the container has mounted. Mounted during
 * the first render, its chunks were requested alongside the start-up files and delayed the largest paint;
 * mounted after the first paint, they were 13 KB of every first visit that no page needs (decision 0077).
 * Kept mounted once shown, so that toasts animate out. A component of its own so that its late mount
 * re-renders nothing else.
 */
function DeferredNotifications() {
  const hasToasts = useHasOpened(useNotifications().notifications.length > 0);
  if (!hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Notifications limit={1} autoClose={5000} position="top-center" />
    </Suspense>
  );
}

/**
 * Theme, toasts (one at a time, 5 s) and the query client around whatever is rendered. The theme is in the
 * agency's brand colour (`primaryColor` of its answer, decision 0069): built here at start, so a colour an admin
 * sets shows at the player's next load with no new build; the platform's gold while no agency is known.
 */
export function AppProviders({
  queryClient,
  primaryColor,
  children,
}: {
  queryClient: QueryClient;
  primaryColor?: string;
  children: ReactNode;
}) {
  const theme = useMemo(() => themeFor(primaryColor), [primaryColor]);
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="dark"
      forceColorScheme="dark"
      cssVariablesResolver={cssVariablesResolver}
    >
      <DeferredNotifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
