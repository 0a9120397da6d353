import { ZApprovalStatus } from '@lc/shared/contracts/ops-approvals';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { RoleGate } from '@/components/role-gate';
import { RequestAdjustmentButton } from '@/features/adjustments/components/request-adjustment-button';
import { ApprovalsPage } from '@/features/approvals/components/approvals-page';
import { ZPageSearch } from '@/lib/search-params';

// Pending requests by default; `status=ALL` lists every request.
const ZSearch = z.object({
  status: z
    .union([ZApprovalStatus, z.literal('ALL')])
    .catch('PENDING')
    .default('PENDING'),
  page: ZPageSearch.default(1),
});

export const Route = createFileRoute('/_console/approvals')({
  validateSearch: ZSearch,
  component: ApprovalsRoute,
});

function ApprovalsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RoleGate needs="finance">
      <ApprovalsPage
        actions={<RequestAdjustmentButton />}
        filter={{ status: search.status === 'ALL' ? undefined : search.status, page: search.page }}
        onFilterChange={({ status, page }) =>
          navigate({ search: { status: (status ?? 'ALL') as typeof search.status, page } })
        }
      />
    </RoleGate>
  );
}
