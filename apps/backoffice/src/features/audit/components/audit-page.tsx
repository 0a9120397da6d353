import { ACCESS_ACTIONS, AUDIT_ACTIONS, type TAuditKind } from '@lc/shared/contracts/ops-audit';
import { formatDateTime } from '@lc/ui/format-date';
import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditActionText, AuditChange, AuditObject, AuditOutcome, shownText } from '@/components/audit-parts';
import { CsvLink } from '@/components/csv-link';
import { DayInput } from '@/components/day-input';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { actionWords } from '@/lib/audit-words';
import { auditCsvUrl, type TAuditEntry, type TAuditFilter, useAudit } from '../api/get-audit';

/**
 * The append-only audit log: who did what to which object, when, from where, and how it ended, in words of
 * the console's language with each change as labelled lines; and beside it, the access log of what staff
 * looked at (lists, player pages, reports), kept apart so the actions are not buried (decision 0076).
 */
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
  const [isDayInvalid, setIsDayInvalid] = useState({ from: false, to: false });
  const kind: TAuditKind = filter.kind ?? 'action';
  const actions = (kind === 'access' ? ACCESS_ACTIONS : AUDIT_ACTIONS)
    .map((code) => ({ value: code, label: shownText(t, actionWords(code)) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (isDayInvalid.from || isDayInvalid.to) return;
    const clean = (value: string | undefined) => value?.trim() || undefined;
    onFilterChange({
      kind: filter.kind,
      actor: clean(draft.actor),
      action: clean(draft.action),
      object: clean(draft.object),
      from: clean(draft.from),
      to: clean(draft.to),
      page: 1,
    });
  };
  const setDay = (name: 'from' | 'to') => (day: string | null) => {
    setIsDayInvalid({ ...isDayInvalid, [name]: day === null });
    if (day !== null) setDraft({ ...draft, [name]: day || undefined });
  };
  return (
    <Stack>
      <PageHeader title={t('nav.audit')}>
        <CsvLink href={auditCsvUrl(filter)} />
      </PageHeader>
      <SegmentedControl
        w="fit-content"
        value={kind}
        onChange={(value) =>
          onFilterChange({ kind: value === 'access' ? 'access' : undefined, actor: filter.actor, page: 1 })
        }
        data={[
          { value: 'action', label: t('audit.kinds.action') },
          { value: 'access', label: t('audit.kinds.access') },
        ]}
        data-testid="audit-kind"
      />
      <Text size="sm" c="dimmed">
        {t(`audit.kindHint.${kind}`)}
      </Text>
      <form onSubmit={apply} data-testid="audit-filters">
        <Group align="end" wrap="wrap">
          <TextInput
            label={t('audit.actor')}
            name="actor"
            value={draft.actor ?? ''}
            onChange={(event) => setDraft({ ...draft, actor: event.currentTarget.value })}
            w={160}
          />
          <Select
            label={t('audit.action')}
            placeholder={t('audit.anyAction')}
            data={actions}
            value={draft.action ?? null}
            onChange={(value) => setDraft({ ...draft, action: value ?? undefined })}
            searchable
            clearable
            w={240}
            comboboxProps={{ withinPortal: true }}
            data-testid="audit-action-filter"
          />
          <TextInput
            label={t('audit.object')}
            name="object"
            value={draft.object ?? ''}
            onChange={(event) => setDraft({ ...draft, object: event.currentTarget.value })}
            w={180}
          />
          <DayInput label={t('audit.from')} name="from" value={draft.from ?? ''} onChange={setDay('from')} />
          <DayInput label={t('audit.to')} name="to" value={draft.to ?? ''} onChange={setDay('to')} />
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
          {
            accessor: 'at',
            title: t('audit.at'),
            render: (e) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</span>,
          },
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
            render: (e) => <AuditActionText action={e.action} />,
          },
          { accessor: 'object', title: t('audit.object'), render: (e) => <AuditObject object={e.object} /> },
          {
            accessor: 'outcome',
            title: t('audit.outcome'),
            render: (e) => <AuditOutcome outcome={e.outcome} />,
          },
          {
            accessor: 'after',
            title: t('audit.change'),
            hidden: kind === 'access',
            render: (e) => <AuditChange entry={e} />,
          },
        ]}
      />
    </Stack>
  );
}
