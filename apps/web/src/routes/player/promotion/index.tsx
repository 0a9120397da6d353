import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/components/coming-soon-page';
import { IconGift } from '@/components/icons';

export const Route = createFileRoute('/player/promotion/')({
  component: () => <ComingSoonPage page="promotion" icon={IconGift} />,
});
