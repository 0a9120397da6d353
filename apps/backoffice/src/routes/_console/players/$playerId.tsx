import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { RequestAdjustmentButton } from '@/features/adjustments/components/request-adjustment-button';
import { playerQueryOptions } from '@/features/players/api/get-player';
import { PLAYER_TABS, PlayerPage } from '@/features/players/components/player-page';

const ZSearch = z.object({ tab: z.enum(PLAYER_TABS).catch('balances').default('balances') });

export const Route = createFileRoute('/_console/players/$playerId')({
  validateSearch: ZSearch,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(playerQueryOptions(params.playerId)),
  component: PlayerRoute,
});

function PlayerRoute() {
  const { playerId } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PlayerPage
      playerId={playerId}
      tab={tab}
      onTabChange={(next) => navigate({ search: { tab: next }, replace: true })}
      actions={(player) => <RequestAdjustmentButton player={player} />}
    />
  );
}
