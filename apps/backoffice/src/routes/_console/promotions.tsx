import { createFileRoute } from '@tanstack/react-router';
import { promotionsQueryOptions } from '@/features/promotions/api/get-promotions';
import { PromotionsPage } from '@/features/promotions/components/promotions-page';

export const Route = createFileRoute('/_console/promotions')({
  loader: ({ context }) => context.queryClient.ensureQueryData(promotionsQueryOptions()),
  component: PromotionsPage,
});
