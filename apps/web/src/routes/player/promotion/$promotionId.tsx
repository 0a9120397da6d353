import { createFileRoute, notFound } from '@tanstack/react-router';
import { ComingSoonPage } from '@/components/coming-soon-page';
import { IconGift } from '@/components/icons';
import { textParam } from '@/lib/search-params';

export const Route = createFileRoute('/player/promotion/$promotionId')({
  params: {
    parse: ({ promotionId }) => {
      const id = textParam(promotionId);
      if (id === undefined) throw notFound();
      return { promotionId: id };
    },
    stringify: ({ promotionId }) => ({ promotionId }),
  },
  component: PromotionDetailPage,
});

function PromotionDetailPage() {
  return <ComingSoonPage page="promotionDetail" icon={IconGift} />;
}
