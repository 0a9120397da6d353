import { createFileRoute } from '@tanstack/react-router';
import { noticesQueryOptions } from '@/features/security/api/get-notices';
import { sessionsQueryOptions } from '@/features/security/api/get-sessions';
import { totpStatusQueryOptions } from '@/features/security/api/get-totp-status';
import { SecurityPage } from '@/features/security/components/security-page';

export const Route = createFileRoute('/player/security')({
  staticData: { title: (t) => t('pages.security.title') },
  // The loader parses answers with the shared schemas: it goes in the lazy chunk, not the start-up bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(totpStatusQueryOptions()),
      queryClient.ensureQueryData(sessionsQueryOptions()),
      queryClient.ensureQueryData(noticesQueryOptions()),
    ]),
  component: SecurityRoute,
});

function SecurityRoute() {
  const { player } = Route.useRouteContext();
  return <SecurityPage playerId={player.id} />;
}
