import { laoToday } from '@lc/ui/format-date';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { RoleGate } from '@/components/role-gate';
import { ReportsPage } from '@/features/reports/components/reports-page';

const ZSearch = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
});

export const Route = createFileRoute('/_console/reports')({
  validateSearch: ZSearch,
  component: ReportsRoute,
});

function ReportsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RoleGate needs="finance">
      <ReportsPage
        // Today (Lao time) by default, as the dashboard opens: the day at hand; earlier days are a step away.
        date={search.date ?? laoToday()}
        onDateChange={(date) => navigate({ search: { date } })}
      />
    </RoleGate>
  );
}
