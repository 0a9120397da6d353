import { ZOpsWithdrawalStatus } from '@lc/shared/contracts/ops-withdrawals';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { withdrawalsQueryOptions } from '@/features/withdrawals/api/get-withdrawals';
import { WithdrawalsPage } from '@/features/withdrawals/components/withdrawals-page';
import { ZPageSearch } from '@/lib/search-params';

// The OPEN queue by default; `status=ALL` lists every withdrawal.
const ZSearch = z.object({
  status: z
    .union([ZOpsWithdrawalStatus, z.literal('ALL')])
    .catch('OPEN')
    .default('OPEN'),
  page: ZPageSearch.default(1),
});

export const Route = createFileRoute('/_console/withdrawals')({
  validateSearch: ZSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(
      withdrawalsQueryOptions({ status: deps.status === 'ALL' ? undefined : deps.status, page: deps.page }),
    ),
  component: WithdrawalsRoute,
});

function WithdrawalsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WithdrawalsPage
      filter={{ status: search.status === 'ALL' ? undefined : search.status, page: search.page }}
      onFilterChange={({ status, page }) =>
        navigate({ search: { status: (status ?? 'ALL') as typeof search.status, page } })
      }
    />
  );
}
