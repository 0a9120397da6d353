import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { reconciliationRunsQueryOptions } from '@/features/reconciliation/api/get-reconciliation-runs';
import { ReconciliationPage } from '@/features/reconciliation/components/reconciliation-page';
import { ZPageSearch } from '@/lib/search-params';

const ZSearch = z.object({
  page: ZPageSearch.default(1),
  run: z.uuid().optional().catch(undefined),
});

export const Route = createFileRoute('/_console/reconciliation')({
  validateSearch: ZSearch,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(reconciliationRunsQueryOptions(deps.page)),
  component: ReconciliationRoute,
});

function ReconciliationRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReconciliationPage
      page={search.page}
      runId={search.run}
      onChange={(next) => navigate({ search: next })}
    />
  );
}
