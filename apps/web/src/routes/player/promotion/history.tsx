import { createFileRoute } from '@tanstack/react-router';
import { HISTORY_PAGE_SIZE } from '@/features/orders/lib/history-page-size';
import { validatePageSearch } from '@/features/orders/lib/page-search';
import { usagesQueryOptions } from '@/features/promotion/api/get-usages';
import { PromotionHistory } from '@/features/promotion/components/promotion-history';

export const Route = createFileRoute('/player/promotion/history')({
  staticData: { title: (t) => t('pages.promotionHistory.title') },
  validateSearch: validatePageSearch,
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context: { queryClient }, deps: { page } }) =>
    queryClient.ensureQueryData(usagesQueryOptions(page, HISTORY_PAGE_SIZE)),
  component: PromotionHistoryRoute,
});

function PromotionHistoryRoute() {
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PromotionHistory
      page={page}
      pageSize={HISTORY_PAGE_SIZE}
      onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })}
    />
  );
}
