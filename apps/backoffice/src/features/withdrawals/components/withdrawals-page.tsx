import { OPS_WITHDRAWAL_STATUSES, type TOpsWithdrawal } from '@lc/shared/contracts/ops-withdrawals';
import { formatCurrency } from '@lc/ui/format-currency';
import { formatDateTime } from '@lc/ui/format-date';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@/components/copy-text';
import { CsvLink } from '@/components/csv-link';
import { ErrorAlert } from '@/components/error-alert';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { PromptModal } from '@/components/prompt-modal';
import { useCan } from '@/components/role-gate';
import { StatusBadge } from '@/components/status-badge';
import { StatusFilter } from '@/components/status-filter';
import { type TWithdrawalDecision, useDecideWithdrawal } from '../api/decide-withdrawal';
import { type TWithdrawalFilter, useWithdrawals, withdrawalsCsvUrl } from '../api/get-withdrawals';

type Action = { decision: TWithdrawalDecision; withdrawal: TOpsWithdrawal };

/** Which decisions a withdrawal in this state takes (a bounced payout is re-paid or credited back). */
function decisionsOf(status: TOpsWithdrawal['status']): TWithdrawalDecision[] {
  if (status === 'OPEN' || status === 'BOUNCED') return ['approve', 'reject'];
  if (status === 'SUCCESS') return ['bounced'];
  return [];
}

/** The payout queue: where to pay (copyable), how much in kip, and the decision with the bank's reference. */
export function WithdrawalsPage({
  filter,
  onFilterChange,
}: {
  filter: TWithdrawalFilter;
  onFilterChange: (filter: TWithdrawalFilter) => void;
}) {
  const { t } = useTranslation();
  const withdrawals = useWithdrawals(filter);
  const canDecide = useCan('cashier');
  const decide = useDecideWithdrawal();
  const [action, setAction] = useState<Action | null>(null);
  const close = () => {
    setAction(null);
    decide.reset();
  };
  return (
    <Stack>
      <PageHeader title={t('nav.withdrawals')}>
        <CsvLink href={withdrawalsCsvUrl(filter)} />
      </PageHeader>
      <StatusFilter
        statuses={OPS_WITHDRAWAL_STATUSES}
        value={filter.status}
        onChange={(status) => onFilterChange({ status, page: 1 })}
      />
      <ErrorAlert error={withdrawals.error} />
      <PagedTable<TOpsWithdrawal>
        testId="withdrawals-table"
        records={withdrawals.data?.items}
        idAccessor="code"
        page={filter.page}
        total={withdrawals.data?.total ?? 0}
        onPageChange={(page) => onFilterChange({ ...filter, page })}
        isFetching={withdrawals.isFetching}
        columns={[
          {
            accessor: 'code',
            title: t('withdrawals.code'),
            render: (w) => (
              <Stack gap={2} data-testid="withdrawal-row" data-code={w.code}>
                <CopyText value={w.code} />
                <Text size="xs" c="dimmed">
                  {formatDateTime(w.createdAt)}
                </Text>
              </Stack>
            ),
          },
          { accessor: 'username', title: t('player'), render: (w) => <CopyText value={w.username} /> },
          {
            accessor: 'accountNumber',
            title: t('withdrawals.bankAccount'),
            render: (w) => (
              <Stack gap={2}>
                <Text size="sm">{t([`banks.${w.bank}`, w.bank])}</Text>
                <CopyText value={w.accountNumber} testId="account-number" />
                <CopyText value={w.accountName} />
              </Stack>
            ),
          },
          {
            accessor: 'payoutAmount',
            title: t('withdrawals.payout'),
            render: (w) => (
              <Stack gap={2}>
                <CopyText value={w.payoutAmount} shown={formatCurrency(w.payoutAmount, 'LAK')} />
                <Text size="xs" c="dimmed">
                  <Money amount={w.amount} />
                </Text>
              </Stack>
            ),
          },
          { accessor: 'status', title: t('filter.status'), render: (w) => <StatusBadge status={w.status} /> },
          {
            accessor: 'bankReference',
            title: t('bankReference'),
            render: (w) => (w.bankReference ? <CopyText value={w.bankReference} /> : '—'),
          },
          {
            accessor: 'actions',
            title: t('actions'),
            hidden: !canDecide,
            render: (w) => (
              <Group gap="xs" wrap="nowrap">
                {decisionsOf(w.status).map((decision) => (
                  <Button
                    key={decision}
                    size="xs"
                    variant={decision === 'approve' ? 'filled' : 'light'}
                    color={decision === 'approve' ? undefined : decision === 'reject' ? 'red' : 'orange'}
                    onClick={() => setAction({ decision, withdrawal: w })}
                    data-testid={`withdrawal-${decision}`}
                  >
                    {t(`withdrawals.${decision}`)}
                  </Button>
                ))}
              </Group>
            ),
          },
        ]}
      />
      {action ? (
        <PromptModal
          title={t(`withdrawals.${action.decision}Title`, { code: action.withdrawal.code })}
          summary={`${action.withdrawal.accountNumber} · ${formatCurrency(action.withdrawal.payoutAmount, 'LAK')}`}
          label={action.decision === 'reject' ? t('reason') : t('bankReference')}
          submitLabel={t(`withdrawals.${action.decision}`)}
          isRequired={action.decision !== 'reject'}
          color={action.decision === 'reject' ? 'red' : undefined}
          isPending={decide.isPending}
          error={decide.error}
          onSubmit={(text) =>
            decide.mutate(
              { code: action.withdrawal.code, decision: action.decision, text },
              {
                onSuccess: (answer) => {
                  if ('approval' in answer) {
                    notifications.show({
                      message: t('withdrawals.approvalRequested', { code: action.withdrawal.code }),
                    });
                  }
                  close();
                },
              },
            )
          }
          onClose={close}
        />
      ) : null}
    </Stack>
  );
}
