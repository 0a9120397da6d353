import { createFileRoute } from '@tanstack/react-router';
import { CreditPanel } from '@/features/credit/components/credit-panel';
import { Dashboard } from '@/features/dashboard/components/dashboard';

export const Route = createFileRoute('/player/')({
  staticData: { title: (t) => t('pages.dashboard.title') },
  component: PlayerDashboard,
});

function PlayerDashboard() {
  const { player } = Route.useRouteContext();
  return <Dashboard player={player} creditPanel={<CreditPanel />} />;
}
