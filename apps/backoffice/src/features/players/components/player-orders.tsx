import type { TOpsDeposit } from '@lc/shared/contracts/ops-deposits';
import type { TOpsWithdrawal } from '@lc/shared/contracts/ops-withdrawals';
import { formatDateTime } from '@lc/ui/format-date';
import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@/components/copy-text';
import { ErrorAlert } from '@/components/error-alert';
import { Money } from '@/components/money';
import { PagedTable } from '@/components/paged-table';
import { StatusBadge } from '@/components/status-badge';
import { usePlayerDeposits, usePlayerWithdrawals } from '../api/get-player-orders';

/** The player's deposits and withdrawals, each paged on its own, newest first. */
export function PlayerOrders({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const [depositPage, setDepositPage] = useState(1);
  const [withdrawalPage, setWithdrawalPage] = useState(1);
  const deposits = usePlayerDeposits(playerId, depositPage);
  const withdrawals = usePlayerWithdrawals(playerId, withdrawalPage);
  return (
    <Stack>
      <Title order={3} size="h4">
        {t('nav.deposits')}
      </Title>
      <ErrorAlert error={deposits.error} />
      <PagedTable<TOpsDeposit>
        testId="player-deposits"
        records={deposits.data?.items}
        idAccessor="code"
        page={depositPage}
        total={deposits.data?.total ?? 0}
        onPageChange={setDepositPage}
        isFetching={deposits.isFetching}
        columns={[
          { accessor: 'code', title: t('deposits.code'), render: (d) => <CopyText value={d.code} /> },
          {
            accessor: 'provider',
            title: t('provider'),
            render: (d) => t([`providers.${d.provider}`, d.provider]),
          },
          {
            accessor: 'amount',
            title: t('deposits.amount'),
            render: (d) => <Money amount={d.amount} currency="LAK" />,
          },
          { accessor: 'credit', title: t('deposits.credit'), render: (d) => <Money amount={d.credit} /> },
          { accessor: 'status', title: t('filter.status'), render: (d) => <StatusBadge status={d.status} /> },
          { accessor: 'createdAt', title: t('createdAt'), render: (d) => formatDateTime(d.createdAt) },
        ]}
      />
      <Title order={3} size="h4">
        {t('nav.withdrawals')}
      </Title>
      <ErrorAlert error={withdrawals.error} />
      <PagedTable<TOpsWithdrawal>
        testId="player-withdrawals"
        records={withdrawals.data?.items}
        idAccessor="code"
        page={withdrawalPage}
        total={withdrawals.data?.total ?? 0}
        onPageChange={setWithdrawalPage}
        isFetching={withdrawals.isFetching}
        columns={[
          { accessor: 'code', title: t('withdrawals.code'), render: (w) => <CopyText value={w.code} /> },
          {
            accessor: 'provider',
            title: t('provider'),
            render: (w) => t([`providers.${w.provider}`, w.provider]),
          },
          { accessor: 'amount', title: t('players.credit'), render: (w) => <Money amount={w.amount} /> },
          {
            accessor: 'payoutAmount',
            title: t('withdrawals.payout'),
            render: (w) => <Money amount={w.payoutAmount} currency="LAK" />,
          },
          { accessor: 'status', title: t('filter.status'), render: (w) => <StatusBadge status={w.status} /> },
          { accessor: 'createdAt', title: t('createdAt'), render: (w) => formatDateTime(w.createdAt) },
        ]}
      />
    </Stack>
  );
}
