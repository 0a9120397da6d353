import { createFileRoute } from '@tanstack/react-router';
import { depositsQueryOptions } from '@/features/deposit/api/get-deposits';
import { DepositHistory } from '@/features/deposit/components/deposit-history';
import { HISTORY_PAGE_SIZE } from '@/features/orders/lib/history-page-size';
import { validatePageSearch } from '@/features/orders/lib/page-search';

export const Route = createFileRoute('/player/deposit/history')({
  staticData: { title: (t) => t('pages.depositHistory.title') },
  validateSearch: validatePageSearch,
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context: { queryClient }, deps: { page } }) =>
    queryClient.ensureQueryData(depositsQueryOptions(page, HISTORY_PAGE_SIZE)),
  component: DepositHistoryRoute,
});

function DepositHistoryRoute() {
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DepositHistory
      page={page}
      pageSize={HISTORY_PAGE_SIZE}
      onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })}
    />
  );
}
