import type { TReconciliationDifference } from '@lc/shared/contracts/reconciliation';
import { Code, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Money } from '@/components/money';
import { PagedTable } from '@/components/paged-table';
import { useReconciliationRun } from '../api/get-reconciliation-run';

/** A run's differences: the account, the balances on each side, and the references that explain them. */
export function RunDifferences({ runId }: { runId: string }) {
  const { t } = useTranslation();
  const run = useReconciliationRun(runId);
  const summary = run.data?.summary;
  return (
    <Stack data-testid="run-differences">
      <Title order={2} size="h4">
        {t('reconciliation.differencesOf', { id: runId.slice(0, 8) })}
      </Title>
      <ErrorAlert error={run.error} />
      {summary ? (
        <Group gap="lg">
          <Text size="sm">{t('reconciliation.accounts', { count: summary.accounts })}</Text>
          <Text size="sm">
            {t('reconciliation.house')} <Money amount={summary.ledger.house} />
          </Text>
          <Text size="sm">
            {t('reconciliation.bonus')} <Money amount={summary.ledger.bonus} />
          </Text>
          <Text size="sm">
            {t('reconciliation.ledgerSum')} <Money amount={summary.ledgerSum} />
          </Text>
        </Group>
      ) : null}
      <PagedTable<TReconciliationDifference>
        records={run.data?.differences}
        idAccessor="accountId"
        isFetching={run.isFetching}
        columns={[
          { accessor: 'account', title: t('reconciliation.account') },
          { accessor: 'username', title: t('player'), render: (d) => d.username ?? '—' },
          { accessor: 'provider', title: t('provider'), render: (d) => d.provider ?? '—' },
          {
            accessor: 'balance',
            title: t('reconciliation.balance'),
            render: (d) =>
              d.balance ? (
                <Stack gap={0}>
                  <Text size="xs">
                    {t('reconciliation.ledger')} <Money amount={d.balance.ledger} />
                  </Text>
                  <Text size="xs">
                    {t('provider')} <Money amount={d.balance.provider} />
                  </Text>
                  <Text size="xs" c="red">
                    Δ <Money amount={d.balance.difference} />
                  </Text>
                </Stack>
              ) : (
                '—'
              ),
          },
          {
            accessor: 'references',
            title: t('reconciliation.references'),
            render: (d) => (
              <Stack gap={2}>
                {d.references.map((r) => (
                  <Code key={r.reference} fz="xs">
                    {r.reference} · {t(`reconciliation.kinds.${r.kind}`)} · {r.ledger ?? '—'} /{' '}
                    {r.provider ?? '—'}
                  </Code>
                ))}
              </Stack>
            ),
          },
        ]}
      />
    </Stack>
  );
}
