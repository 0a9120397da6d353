import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/components/coming-soon-page';
import { IconDeposit } from '@/components/icons';

export const Route = createFileRoute('/player/deposit/')({
  component: () => <ComingSoonPage page="deposit" icon={IconDeposit} />,
});
