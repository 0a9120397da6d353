import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { AppLayout } from '@/components/layout/app-layout';
import { NotFound } from '@/components/not-found';
import { playerInfoQueryOptions, usePlayerInfo } from '@/features/auth/api/get-player-info';
import { useLogout } from '@/features/auth/api/logout';
import { useFingerprintSync } from '@/features/fingerprint/hooks/use-fingerprint-sync';
import type { RouterContext } from '@/lib/router-context';

// Loaded on first open: the form library and its schema are not needed on the start-up path.
const ChangePasswordDialog = lazy(() =>
  import('@/features/auth/components/change-password-dialog').then((module) => ({
    default: module.ChangePasswordDialog,
  })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every navigation knows who is signed in; the answer is cached (player info, 5 min).
  beforeLoad: async ({ context }) => {
    const info = await context.queryClient.ensureQueryData(playerInfoQueryOptions());
    const player = info?.player ?? null;
    return { player, auth: { isAuthenticated: player !== null, player } };
  },
  component: RootComponent,
  notFoundComponent: NotFound,
});

function RootComponent() {
  const { agency } = Route.useRouteContext();
  const playerInfo = usePlayerInfo();
  const player = playerInfo.data?.player ?? null;
  const logout = useLogout();
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  useFingerprintSync(agency.id, player !== null);

  return (
    <AppLayout
      agency={agency}
      player={player}
      onChangePassword={() => setIsChangingPassword(true)}
      onLogout={() => logout.mutate()}
    >
      <Outlet />
      {player && isChangingPassword ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog opened onClose={() => setIsChangingPassword(false)} agency={agency} />
        </Suspense>
      ) : null}
    </AppLayout>
  );
}
