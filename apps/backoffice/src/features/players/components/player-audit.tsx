import type { TAuditEntry } from '@lc/shared/contracts/ops-audit';
import { formatDateTime } from '@lc/ui/format-date';
import { Badge, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditActionText, AuditChange, AuditOutcome } from '@/components/audit-parts';
import { ErrorAlert } from '@/components/error-alert';
import { PagedTable } from '@/components/paged-table';
import { usePlayerAudit } from '../api/get-player-audit';

/** What staff did to or about this player, and each time they looked (marked as a view), newest first. */
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
            render: (e) => (
              <Stack gap={2} align="flex-start">
                <AuditActionText action={e.action} />
                {e.kind === 'access' ? (
                  <Badge size="xs" variant="outline" color="gray">
                    {t('audit.kinds.access')}
                  </Badge>
                ) : null}
              </Stack>
            ),
          },
          {
            accessor: 'outcome',
            title: t('audit.outcome'),
            render: (e) => <AuditOutcome outcome={e.outcome} />,
          },
          { accessor: 'after', title: t('audit.change'), render: (e) => <AuditChange entry={e} /> },
        ]}
      />
    </Stack>
  );
}
