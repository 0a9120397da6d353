import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { playerInfoQueryOptions } from '@/features/auth/api/get-player-info';
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
  return (
    <>
      <NewNoticeBanner playerId={player.id} />
      <Outlet />
    </>
  );
}
