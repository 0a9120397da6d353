import { createFileRoute } from '@tanstack/react-router';
import { HISTORY_PAGE_SIZE } from '@/features/orders/lib/history-page-size';
import { validatePageSearch } from '@/features/orders/lib/page-search';
import { transfersQueryOptions } from '@/features/transfer/api/get-transfers';
import { TransferHistory } from '@/features/transfer/components/transfer-history';

export const Route = createFileRoute('/player/transfer/history')({
  staticData: { title: (t) => t('pages.transferHistory.title') },
  validateSearch: validatePageSearch,
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context: { queryClient }, deps: { page } }) =>
    queryClient.ensureQueryData(transfersQueryOptions(page, HISTORY_PAGE_SIZE)),
  component: TransferHistoryRoute,
});

function TransferHistoryRoute() {
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TransferHistory
      page={page}
      pageSize={HISTORY_PAGE_SIZE}
      onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })}
    />
  );
}
