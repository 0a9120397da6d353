import type { TReconciliationRun } from '@lc/shared/contracts/reconciliation';
import { formatDateTime } from '@lc/ui/format-date';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { useCan } from '@/components/role-gate';
import { StatusBadge } from '@/components/status-badge';
import { useReconciliationRuns } from '../api/get-reconciliation-runs';
import { useStartReconciliation } from '../api/start-reconciliation';
import { RunDifferences } from './run-differences';

/** Reconciliation runs (ledger against the providers), starting one, and a chosen run's differences. */
export function ReconciliationPage({
  page,
  runId,
  onChange,
}: {
  page: number;
  runId: string | undefined;
  onChange: (search: { page: number; run?: string }) => void;
}) {
  const { t } = useTranslation();
  const runs = useReconciliationRuns(page);
  const start = useStartReconciliation();
  const canStart = useCan('finance');
  return (
    <Stack>
      <PageHeader title={t('nav.reconciliation')}>
        {canStart ? (
          <>
            <Button
              onClick={() => start.mutate('ACTIVITY')}
              loading={start.isPending}
              data-testid="start-run"
            >
              {t('reconciliation.startActivity')}
            </Button>
            <Button variant="light" onClick={() => start.mutate('FULL')} loading={start.isPending}>
              {t('reconciliation.startFull')}
            </Button>
          </>
        ) : null}
      </PageHeader>
      <ErrorAlert error={runs.error ?? start.error} />
      <PagedTable<TReconciliationRun>
        testId="runs-table"
        records={runs.data?.items}
        idAccessor="id"
        page={page}
        total={runs.data?.total ?? 0}
        onPageChange={(next) => onChange({ page: next, run: runId })}
        isFetching={runs.isFetching}
        columns={[
          {
            accessor: 'startedAt',
            title: t('reconciliation.startedAt'),
            render: (r) => formatDateTime(r.startedAt),
          },
          {
            accessor: 'kind',
            title: t('reconciliation.kind'),
            render: (r) => t(`reconciliation.runKinds.${r.kind}`),
          },
          { accessor: 'status', title: t('filter.status'), render: (r) => <StatusBadge status={r.status} /> },
          { accessor: 'accountsChecked', title: t('reconciliation.accountsChecked') },
          { accessor: 'differences', title: t('reconciliation.differences') },
          { accessor: 'unavailable', title: t('reconciliation.unavailable') },
          {
            accessor: 'actions',
            title: t('actions'),
            render: (r) => (
              <Group>
                <Button
                  size="xs"
                  variant={r.id === runId ? 'filled' : 'light'}
                  disabled={r.status === 'RUNNING'}
                  onClick={() => onChange({ page, run: r.id })}
                >
                  {t('reconciliation.show')}
                </Button>
              </Group>
            ),
          },
        ]}
      />
      {runId ? <RunDifferences runId={runId} /> : null}
    </Stack>
  );
}
