import type { TOpsLedgerTransaction } from '@lc/shared/contracts/ops-player-page';
import { formatDateTime } from '@lc/ui/format-date';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@/components/copy-text';
import { ErrorAlert } from '@/components/error-alert';
import { Money } from '@/components/money';
import { PagedTable } from '@/components/paged-table';
import { usePlayerLedger } from '../api/get-player-ledger';

/** The player's ledger, a transaction a row with each entry it booked (the player's own in bold). */
export function PlayerLedger({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const ledger = usePlayerLedger(playerId, page);
  return (
    <Stack>
      <ErrorAlert error={ledger.error} />
      <PagedTable<TOpsLedgerTransaction>
        testId="player-ledger"
        records={ledger.data?.items}
        idAccessor="id"
        page={page}
        total={ledger.data?.total ?? 0}
        onPageChange={setPage}
        isFetching={ledger.isFetching}
        columns={[
          { accessor: 'at', title: t('players.at'), render: (tx) => formatDateTime(tx.at) },
          {
            accessor: 'kind',
            title: t('players.kind'),
            render: (tx) => (
              <Text size="sm" className="lc-code" data-testid="ledger-kind">
                {tx.kind}
              </Text>
            ),
          },
          {
            accessor: 'reference',
            title: t('players.reference'),
            render: (tx) => <CopyText value={tx.reference} />,
          },
          {
            accessor: 'provider',
            title: t('provider'),
            render: (tx) => (tx.provider ? t([`providers.${tx.provider}`, tx.provider]) : '—'),
          },
          {
            accessor: 'entries',
            title: t('players.entries'),
            render: (tx) => (
              <Stack gap={2}>
                {tx.entries.map((entry) => (
                  <Text
                    key={`${entry.account}:${entry.currency}:${entry.amount}`}
                    size="sm"
                    fw={entry.isPlayer ? 700 : undefined}
                  >
                    <span className="lc-code">{entry.account}</span>{' '}
                    <Money amount={entry.amount} currency={entry.currency === 'LAK' ? 'LAK' : 'THB'} />
                  </Text>
                ))}
              </Stack>
            ),
          },
          { accessor: 'memo', title: t('players.memo'), render: (tx) => tx.memo ?? '—' },
        ]}
      />
    </Stack>
  );
}
