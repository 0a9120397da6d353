import { BANK_PAYMENT_STATUSES } from '@lc/shared/contracts/ops-bank-payments';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { bankPaymentsQueryOptions } from '@/features/bank-payments/api/get-bank-payments';
import { BankPaymentsPage } from '@/features/bank-payments/components/bank-payments-page';
import { ZPageSearch } from '@/lib/search-params';

// The unmatched queue by default; `status=ALL` lists every reported payment.
const ZSearch = z.object({
  status: z
    .union([z.enum(BANK_PAYMENT_STATUSES), z.literal('ALL')])
    .catch('UNMATCHED')
    .default('UNMATCHED'),
  page: ZPageSearch.default(1),
});

export const Route = createFileRoute('/_console/bank-payments')({
  validateSearch: ZSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(
      bankPaymentsQueryOptions({ status: deps.status === 'ALL' ? undefined : deps.status, page: deps.page }),
    ),
  component: BankPaymentsRoute,
});

function BankPaymentsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BankPaymentsPage
      filter={{ status: search.status === 'ALL' ? undefined : search.status, page: search.page }}
      onFilterChange={({ status, page }) =>
        navigate({ search: { status: (status ?? 'ALL') as typeof search.status, page } })
      }
    />
  );
}
