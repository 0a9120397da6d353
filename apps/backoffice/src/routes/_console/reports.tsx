import { createFileRoute } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { z } from 'zod';
import { RoleGate } from '@/components/role-gate';
import { ReportsPage } from '@/features/reports/components/reports-page';

// Yesterday by default: the last whole day to settle.
const yesterday = () => dayjs().subtract(1, 'day').format('YYYY-MM-DD');

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
        date={search.date ?? yesterday()}
        onDateChange={(date) => navigate({ search: { date } })}
      />
    </RoleGate>
  );
}
