import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/components/coming-soon-page';
import { IconHistory } from '@/components/icons';

export const Route = createFileRoute('/player/promotion/history')({
  component: () => <ComingSoonPage page="promotionHistory" icon={IconHistory} />,
});
