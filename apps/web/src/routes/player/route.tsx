import { createFileRoute, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { Suspense } from 'react';
import { playerInfoQueryOptions, usePlayerInfo } from '@/features/auth/api/get-player-info';
import { LazyRealityCheck, LazyRestrictionBanner } from '@/features/play-limits/components/lazy-play-limits';
import { useRealityCheckSetting } from '@/features/play-limits/hooks/use-reality-check-setting';
import { NewNoticeBanner } from '@/features/security/components/new-notice-banner';

export const Route = createFileRoute('/player')({
  // The current player is checked on entry; a visitor goes to /login (spec section 2).
  beforeLoad: async ({ context }) => {
    const info = await context.queryClient.ensureQueryData(playerInfoQueryOptions());
    if (!info) throw redirect({ to: '/login' });
    return { player: info.player, auth: { isAuthenticated: true, player: info.player } };
  },
  component: PlayerArea,
});

function PlayerArea() {
  const { player } = Route.useRouteContext();
  const hasRestriction = Boolean(usePlayerInfo().data?.restriction);
  const realityCheckMinutes = useRealityCheckSetting();
  // The security page lists the notices itself (and marks them seen).
  const isSecurityPage = useRouterState({
    select: (state) => state.location.pathname === '/player/security',
  });
  return (
    <>
      {isSecurityPage ? null : <NewNoticeBanner playerId={player.id} />}
      <Suspense fallback={null}>
        {hasRestriction ? <LazyRestrictionBanner /> : null}
        {realityCheckMinutes > 0 ? <LazyRealityCheck /> : null}
      </Suspense>
      <Outlet />
    </>
  );
}
