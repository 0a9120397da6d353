import type { TOpsPromotionUsage } from '@lc/shared/contracts/ops-player-page';
import { formatDateTime } from '@lc/ui/format-date';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@/components/copy-text';
import { ErrorAlert } from '@/components/error-alert';
import { Money } from '@/components/money';
import { PagedTable } from '@/components/paged-table';
import { StatusBadge } from '@/components/status-badge';
import { usePlayerPromotionUsages } from '../api/get-player-promotion-usages';

/** The player's promotion usages in every state, with the deposit and bonus each came with. */
export function PlayerUsages({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const usages = usePlayerPromotionUsages(playerId, page);
  return (
    <Stack>
      <ErrorAlert error={usages.error} />
      <PagedTable<TOpsPromotionUsage>
        testId="player-usages"
        records={usages.data?.items}
        idAccessor="id"
        page={page}
        total={usages.data?.total ?? 0}
        onPageChange={setPage}
        isFetching={usages.isFetching}
        columns={[
          { accessor: 'createdAt', title: t('createdAt'), render: (u) => formatDateTime(u.createdAt) },
          {
            accessor: 'provider',
            title: t('provider'),
            render: (u) => t([`providers.${u.provider}`, u.provider]),
          },
          { accessor: 'status', title: t('filter.status'), render: (u) => <StatusBadge status={u.status} /> },
          {
            accessor: 'depositCode',
            title: t('deposits.code'),
            render: (u) => (u.depositCode ? <CopyText value={u.depositCode} /> : '—'),
          },
          {
            accessor: 'depositAmount',
            title: t('deposits.amount'),
            render: (u) => <Money amount={u.depositAmount} currency="LAK" />,
          },
          { accessor: 'bonus', title: t('players.bonus'), render: (u) => <Money amount={u.bonus} /> },
          {
            accessor: 'targetCredit',
            title: t('players.target'),
            render: (u) => <Money amount={u.targetCredit} />,
          },
        ]}
      />
    </Stack>
  );
}
