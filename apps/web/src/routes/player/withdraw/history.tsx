import { createFileRoute } from '@tanstack/react-router';
import { HISTORY_PAGE_SIZE } from '@/features/orders/lib/history-page-size';
import { validatePageSearch } from '@/features/orders/lib/page-search';
import { withdrawalsQueryOptions } from '@/features/withdraw/api/get-withdrawals';
import { WithdrawHistory } from '@/features/withdraw/components/withdraw-history';

export const Route = createFileRoute('/player/withdraw/history')({
  staticData: { title: (t) => t('pages.withdrawHistory.title') },
  validateSearch: validatePageSearch,
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context: { queryClient }, deps: { page } }) =>
    queryClient.ensureQueryData(withdrawalsQueryOptions(page, HISTORY_PAGE_SIZE)),
  component: WithdrawHistoryRoute,
});

function WithdrawHistoryRoute() {
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WithdrawHistory
      page={page}
      pageSize={HISTORY_PAGE_SIZE}
      onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })}
    />
  );
}
