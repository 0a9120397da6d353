import type { TProviderSettingsItem } from '@lc/shared/contracts/ops-provider-settings';
import { formatDateTime } from '@lc/ui/format-date';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@/components/copy-text';
import { ErrorAlert } from '@/components/error-alert';
import { PagedTable } from '@/components/paged-table';
import { useCan } from '@/components/role-gate';
import { useCheckProvider } from '../api/check-provider';
import { useProviderSettings } from '../api/get-provider-settings';
import { ProviderSettingsModal } from './provider-settings-modal';

/**
 * How the agency reaches each game provider: its own settings (a second admin approved them) or the
 * deployment's default, the last *Check* (a balance look-up) with its time, and a request still waiting.
 * Credentials are never shown: the server does not answer them.
 */
export function ProvidersSection() {
  const { t } = useTranslation();
  const isAdmin = useCan('admin');
  const settings = useProviderSettings();
  const check = useCheckProvider();
  const [editing, setEditing] = useState<TProviderSettingsItem | null>(null);
  const [requested, setRequested] = useState(false);
  return (
    <Stack>
      <Title order={2} size="h3">
        {t('settings.providers')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('settings.providersHint')}
      </Text>
      <ErrorAlert error={settings.error ?? check.error} />
      {requested ? (
        <Alert color="yellow" role="status" data-testid="provider-approval">
          {t('settings.providerToApproval')}
        </Alert>
      ) : null}
      <PagedTable<TProviderSettingsItem>
        testId="providers-table"
        records={settings.data?.items}
        idAccessor="provider"
        isFetching={settings.isFetching}
        columns={[
          {
            accessor: 'provider',
            title: t('settings.providerFields.provider'),
            render: (p) => t([`providers.${p.provider}`, p.provider]),
          },
          {
            accessor: 'source',
            title: t('settings.providerFields.source'),
            render: (p) => (
              <Stack gap={2}>
                <Badge variant="light" color={p.source === 'agency' ? 'blue' : 'gray'}>
                  {t(`settings.providerSources.${p.source}`)}
                </Badge>
                {p.pendingApprovalId ? (
                  <Badge variant="light" color="yellow" data-testid={`provider-pending-${p.provider}`}>
                    {t('status.PENDING')}
                  </Badge>
                ) : null}
              </Stack>
            ),
          },
          {
            accessor: 'url',
            title: t('settings.providerFields.url'),
            render: (p) =>
              p.url ? (
                <Stack gap={0}>
                  <CopyText value={p.url} />
                  <Text size="xs" c="dimmed">
                    {p.protocol}
                  </Text>
                </Stack>
              ) : (
                <Text size="sm" c="red">
                  {t('settings.providerNotConfigured')}
                </Text>
              ),
          },
          {
            accessor: 'lastCheck',
            title: t('settings.providerFields.lastCheck'),
            render: (p) => (
              <LastCheck item={p} answer={check.data && check.variables === p.provider ? check.data : null} />
            ),
          },
          ...(isAdmin
            ? [
                {
                  accessor: 'actions',
                  title: t('actions'),
                  render: (p: TProviderSettingsItem) => (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        loading={check.isPending && check.variables === p.provider}
                        onClick={() => check.mutate(p.provider)}
                        data-testid={`provider-check-${p.provider}`}
                      >
                        {t('settings.check')}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        disabled={Boolean(p.pendingApprovalId)}
                        onClick={() => setEditing(p)}
                        aria-label={t('settings.editProvider', {
                          provider: t([`providers.${p.provider}`, p.provider]),
                        })}
                        data-testid={`provider-edit-${p.provider}`}
                      >
                        {t('settings.edit')}
                      </Button>
                    </Group>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && settings.data ? (
        <ProviderSettingsModal
          item={editing}
          protocols={settings.data.protocols}
          onClose={() => setEditing(null)}
          onRequested={() => {
            setEditing(null);
            setRequested(true);
          }}
        />
      ) : null}
    </Stack>
  );
}

/** The last check kept by the server, or the answer just given (with how long it took). */
function LastCheck({
  item,
  answer,
}: {
  item: TProviderSettingsItem;
  answer: { ok: boolean; detail: string; ms: number } | null;
}) {
  const { t } = useTranslation();
  const shown = answer ?? item.lastCheck;
  if (!shown)
    return (
      <Text size="sm" c="dimmed">
        {t('settings.neverChecked')}
      </Text>
    );
  return (
    <Stack gap={0} data-testid={`provider-last-check-${item.provider}`}>
      <Group gap={6} wrap="nowrap">
        <Badge variant="light" color={shown.ok ? 'green' : 'red'} data-ok={shown.ok}>
          {t(shown.ok ? 'settings.checkOk' : 'settings.checkFailed')}
        </Badge>
        <Text size="xs" c="dimmed">
          {answer ? t('settings.checkMs', { ms: answer.ms }) : formatDateTime(item.lastCheck?.at)}
        </Text>
      </Group>
      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
        {shown.detail}
      </Text>
    </Stack>
  );
}
