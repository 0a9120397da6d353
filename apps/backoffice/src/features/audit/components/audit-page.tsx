import { formatDateTime } from '@lc/ui/format-date';
import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvLink } from '@/components/csv-link';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { auditCsvUrl, type TAuditEntry, type TAuditFilter, useAudit } from '../api/get-audit';

const TEXT_FILTERS = ['actor', 'action', 'object'] as const;

/** A change as compact JSON (before → after); nothing when the entry records none. */
function Change({ entry }: { entry: TAuditEntry }) {
  if (!entry.before && !entry.after) return null;
  return (
    <Code block fz="xs" maw={360} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {entry.before ? `${JSON.stringify(entry.before)}\n→ ` : ''}
      {JSON.stringify(entry.after)}
    </Code>
  );
}

/** The append-only audit log: who did what to which object, when, from where, and how it ended. */
export function AuditPage({
  filter,
  onFilterChange,
}: {
  filter: TAuditFilter;
  onFilterChange: (filter: TAuditFilter) => void;
}) {
  const { t } = useTranslation();
  const audit = useAudit(filter);
  const [draft, setDraft] = useState(filter);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const clean = (value: string | undefined) => value?.trim() || undefined;
    onFilterChange({
      actor: clean(draft.actor),
      action: clean(draft.action),
      object: clean(draft.object),
      from: clean(draft.from),
      to: clean(draft.to),
      page: 1,
    });
  };
  return (
    <Stack>
      <PageHeader title={t('nav.audit')}>
        <CsvLink href={auditCsvUrl(filter)} />
      </PageHeader>
      <form onSubmit={apply} data-testid="audit-filters">
        <Group align="end" wrap="wrap">
          {TEXT_FILTERS.map((name) => (
            <TextInput
              key={name}
              label={t(`audit.${name}`)}
              name={name}
              value={draft[name] ?? ''}
              onChange={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })}
              w={180}
            />
          ))}
          <TextInput
            type="date"
            label={t('audit.from')}
            name="from"
            value={draft.from ?? ''}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('audit.to')}
            name="to"
            value={draft.to ?? ''}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
          />
          <Button type="submit" data-testid="audit-apply">
            {t('filter.apply')}
          </Button>
        </Group>
      </form>
      <ErrorAlert error={audit.error} />
      <PagedTable<TAuditEntry>
        testId="audit-table"
        records={audit.data?.items}
        idAccessor={(entry) => `${entry.at}|${entry.actor}|${entry.action}|${entry.object ?? ''}`}
        page={filter.page}
        total={audit.data?.total ?? 0}
        onPageChange={(page) => onFilterChange({ ...filter, page })}
        isFetching={audit.isFetching}
        columns={[
          { accessor: 'at', title: t('audit.at'), render: (e) => formatDateTime(e.at) },
          {
            accessor: 'actor',
            title: t('audit.actor'),
            render: (e) => (
              <Stack gap={0}>
                <Text size="sm" className="lc-code" data-testid="audit-actor">
                  {e.actor}
                </Text>
                <Text size="xs" c="dimmed">
                  {e.ip ?? ''}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'action',
            title: t('audit.action'),
            render: (e) => (
              <Text size="sm" className="lc-code" data-testid="audit-action">
                {e.action}
              </Text>
            ),
          },
          {
            accessor: 'object',
            title: t('audit.object'),
            render: (e) => (
              <Text size="sm" className="lc-code">
                {e.object ?? ''}
              </Text>
            ),
          },
          { accessor: 'outcome', title: t('audit.outcome') },
          { accessor: 'after', title: t('audit.change'), render: (e) => <Change entry={e} /> },
        ]}
      />
    </Stack>
  );
}
