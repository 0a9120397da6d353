import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/components/coming-soon-page';
import { IconBank } from '@/components/icons';

export const Route = createFileRoute('/player/bank')({
  component: () => <ComingSoonPage page="bank" icon={IconBank} />,
});
