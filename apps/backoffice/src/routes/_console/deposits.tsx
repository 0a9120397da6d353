import { ZOrderStatus } from '@lc/shared/contracts/orders';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { depositsQueryOptions } from '@/features/deposits/api/get-deposits';
import { DepositsPage } from '@/features/deposits/components/deposits-page';
import { ZPageSearch } from '@/lib/search-params';

// The queue by default: paid deposits wait for a hand. `status=ALL` lists every order.
const ZSearch = z.object({
  status: z
    .union([ZOrderStatus, z.literal('ALL')])
    .catch('PAID')
    .default('PAID'),
  page: ZPageSearch.default(1),
});

export const Route = createFileRoute('/_console/deposits')({
  validateSearch: ZSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(
      depositsQueryOptions({ status: deps.status === 'ALL' ? undefined : deps.status, page: deps.page }),
    ),
  component: DepositsRoute,
});

function DepositsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DepositsPage
      filter={{ status: search.status === 'ALL' ? undefined : search.status, page: search.page }}
      onFilterChange={({ status, page }) => navigate({ search: { status: status ?? 'ALL', page } })}
    />
  );
}
