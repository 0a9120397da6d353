import type { TAuditEntry } from '@lc/shared/contracts/ops-audit';
import { formatDateTime } from '@lc/ui/format-date';
import { Code, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PagedTable } from '@/components/paged-table';
import { usePlayerAudit } from '../api/get-player-audit';

/** What staff did to or about this player (and each time they looked), newest first. */
export function PlayerAudit({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const audit = usePlayerAudit(playerId, page);
  return (
    <Stack>
      <ErrorAlert error={audit.error} />
      <PagedTable<TAuditEntry>
        testId="player-audit"
        records={audit.data?.items}
        idAccessor={(entry) => `${entry.at}-${entry.action}-${entry.actor}`}
        page={page}
        total={audit.data?.total ?? 0}
        onPageChange={setPage}
        isFetching={audit.isFetching}
        columns={[
          { accessor: 'at', title: t('audit.at'), render: (e) => formatDateTime(e.at) },
          {
            accessor: 'actor',
            title: t('audit.actor'),
            render: (e) => <span className="lc-code">{e.actor}</span>,
          },
          {
            accessor: 'action',
            title: t('audit.action'),
            render: (e) => <span className="lc-code">{e.action}</span>,
          },
          { accessor: 'outcome', title: t('audit.outcome') },
          {
            accessor: 'after',
            title: t('audit.change'),
            render: (e) => (e.after ? <Code>{JSON.stringify(e.after)}</Code> : '—'),
          },
        ]}
      />
    </Stack>
  );
}
