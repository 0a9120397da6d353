import type { TOpsDeposit } from '@lc/shared/contracts/ops-deposits';
import { ORDER_STATUSES, type TOrderStatus } from '@lc/shared/contracts/orders';
import { formatDateTime } from '@lc/ui/format-date';
import { Button, Group, Stack, Text } from '@mantine/core';
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
import { depositsCsvUrl, type TDepositFilter, useDeposits } from '../api/get-deposits';
import { useRejectDeposit } from '../api/reject-deposit';
import { ConfirmDepositModal } from './confirm-deposit-modal';

/** Deposits staff may still settle by hand: matched with a bank payment, or rejected. */
const ACTIONABLE = new Set<TOrderStatus>(['OPEN', 'PAID', 'FAILED']);

type Action = { kind: 'confirm' | 'reject'; deposit: TOpsDeposit };

/** The deposit queue (PAID and FAILED need a hand) and every order, filtered by status in the URL. */
export function DepositsPage({
  filter,
  onFilterChange,
}: {
  filter: TDepositFilter;
  onFilterChange: (filter: TDepositFilter) => void;
}) {
  const { t } = useTranslation();
  const deposits = useDeposits(filter);
  const canSettle = useCan('cashier');
  const [action, setAction] = useState<Action | null>(null);
  const reject = useRejectDeposit();
  const close = () => {
    setAction(null);
    reject.reset();
  };

  return (
    <Stack>
      <PageHeader title={t('nav.deposits')}>
        <CsvLink href={depositsCsvUrl(filter)} />
      </PageHeader>
      <Group align="end">
        <StatusFilter
          statuses={ORDER_STATUSES}
          value={filter.status}
          onChange={(status) => onFilterChange({ status: status as TOrderStatus | undefined, page: 1 })}
        />
        <Text size="sm" c="dimmed">
          {t('deposits.queueHint')}
        </Text>
      </Group>
      <ErrorAlert error={deposits.error} />
      <PagedTable<TOpsDeposit>
        testId="deposits-table"
        records={deposits.data?.items}
        idAccessor="code"
        page={filter.page}
        total={deposits.data?.total ?? 0}
        onPageChange={(page) => onFilterChange({ ...filter, page })}
        isFetching={deposits.isFetching}
        columns={[
          {
            accessor: 'code',
            title: t('deposits.code'),
            render: (d) => (
              <div data-testid="deposit-row" data-code={d.code}>
                <CopyText value={d.code} />
              </div>
            ),
          },
          { accessor: 'username', title: t('player'), render: (d) => <CopyText value={d.username} /> },
          { accessor: 'status', title: t('filter.status'), render: (d) => <StatusBadge status={d.status} /> },
          {
            accessor: 'amount',
            title: t('deposits.amount'),
            render: (d) => (
              <Stack gap={0}>
                <Money amount={d.amount} currency="LAK" />
                {d.paidAmount !== null && d.paidAmount !== d.amount ? (
                  <Text size="xs" c="orange">
                    {t('deposits.paid')} <Money amount={d.paidAmount} currency="LAK" />
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          { accessor: 'credit', title: t('deposits.credit'), render: (d) => <Money amount={d.credit} /> },
          {
            accessor: 'provider',
            title: t('provider'),
            render: (d) => t([`providers.${d.provider}`, d.provider]),
          },
          { accessor: 'createdAt', title: t('createdAt'), render: (d) => formatDateTime(d.createdAt) },
          {
            accessor: 'actions',
            title: t('actions'),
            hidden: !canSettle,
            render: (d) =>
              ACTIONABLE.has(d.status) ? (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    onClick={() => setAction({ kind: 'confirm', deposit: d })}
                    data-testid="deposit-confirm"
                  >
                    {t('deposits.confirm')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => setAction({ kind: 'reject', deposit: d })}
                  >
                    {t('reject')}
                  </Button>
                </Group>
              ) : null,
          },
        ]}
      />
      {action?.kind === 'confirm' ? <ConfirmDepositModal deposit={action.deposit} onClose={close} /> : null}
      {action?.kind === 'reject' ? (
        <PromptModal
          title={t('deposits.rejectTitle', { code: action.deposit.code })}
          label={t('reason')}
          submitLabel={t('reject')}
          color="red"
          isPending={reject.isPending}
          error={reject.error}
          onSubmit={(reason) => reject.mutate({ code: action.deposit.code, reason }, { onSuccess: close })}
          onClose={close}
        />
      ) : null}
    </Stack>
  );
}
