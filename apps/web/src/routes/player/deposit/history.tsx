import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/components/coming-soon-page';
import { IconHistory } from '@/components/icons';

export const Route = createFileRoute('/player/deposit/history')({
  component: () => <ComingSoonPage page="depositHistory" icon={IconHistory} />,
});
