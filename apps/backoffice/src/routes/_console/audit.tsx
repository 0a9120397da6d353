import { AUDIT_KINDS } from '@lc/shared/contracts/ops-audit';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { auditQueryOptions } from '@/features/audit/api/get-audit';
import { AuditPage } from '@/features/audit/components/audit-page';
import { ZPageSearch, ZTextSearch } from '@/lib/search-params';

const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

const ZSearch = z.object({
  kind: z.enum(AUDIT_KINDS).optional().catch(undefined),
  actor: ZTextSearch,
  action: ZTextSearch,
  object: ZTextSearch,
  from: ZDay,
  to: ZDay,
  page: ZPageSearch.default(1),
});

export const Route = createFileRoute('/_console/audit')({
  validateSearch: ZSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(auditQueryOptions(deps)),
  component: AuditRoute,
});

function AuditRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Keyed by the URL's filters so the form shows them again after back/forward.
  return (
    <AuditPage
      key={JSON.stringify(search)}
      filter={search}
      onFilterChange={(filter) => navigate({ search: filter })}
    />
  );
}
