import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/components/coming-soon-page';
import { IconWithdraw } from '@/components/icons';

export const Route = createFileRoute('/player/withdraw/')({
  component: () => <ComingSoonPage page="withdraw" icon={IconWithdraw} />,
});
