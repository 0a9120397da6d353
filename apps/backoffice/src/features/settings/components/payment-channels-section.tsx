import type { TPaymentChannelSettings } from '@lc/shared/contracts/payment-channels';
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@/components/copy-text';
import { ErrorAlert } from '@/components/error-alert';
import { PagedTable } from '@/components/paged-table';
import { useCan } from '@/components/role-gate';
import { usePaymentChannels } from '../api/get-payment-channels';
import { NEW_CHANNEL, PaymentChannelModal } from './payment-channel-modal';

/** The agency's payment channels; an admin asks for a change, another admin approves it. */
export function PaymentChannelsSection() {
  const { t } = useTranslation();
  const canEdit = useCan('admin');
  const channels = usePaymentChannels();
  const [editing, setEditing] = useState<{ channel: TPaymentChannelSettings; isNew: boolean } | null>(null);
  const [requested, setRequested] = useState(false);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('settings.channels')}
        </Title>
        {canEdit ? (
          <Button
            size="xs"
            variant="light"
            onClick={() => setEditing({ channel: NEW_CHANNEL, isNew: true })}
            data-testid="channel-new"
          >
            {t('settings.newChannel')}
          </Button>
        ) : null}
      </Group>
      <ErrorAlert error={channels.error} />
      {requested ? (
        <Alert color="yellow" role="status" data-testid="channel-approval">
          {t('settings.channelToApproval')}
        </Alert>
      ) : null}
      <PagedTable<TPaymentChannelSettings>
        testId="channels-table"
        records={channels.data?.paymentChannels}
        idAccessor="code"
        isFetching={channels.isFetching}
        columns={[
          {
            accessor: 'code',
            title: t('settings.channelFields.code'),
            render: (c) => <span className="lc-code">{c.code}</span>,
          },
          { accessor: 'displayName', title: t('settings.channelFields.displayName') },
          {
            accessor: 'mid',
            title: t('settings.channelFields.mid'),
            render: (c) => <CopyText value={c.mid} />,
          },
          {
            accessor: 'receivingBank',
            title: t('settings.channelFields.receivingBank'),
            render: (c) => t(`banks.${c.receivingBank}`),
          },
          {
            accessor: 'mode',
            title: t('settings.channelFields.mode'),
            render: (c) => t(`settings.modes.${c.mode}`),
          },
          { accessor: 'merchantName', title: t('settings.channelFields.merchantName') },
          ...(canEdit
            ? [
                {
                  accessor: 'actions',
                  title: t('actions'),
                  render: (c: TPaymentChannelSettings) => (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setEditing({ channel: c, isNew: false })}
                      aria-label={t('settings.editChannel', { code: c.code })}
                      data-testid={`channel-edit-${c.code}`}
                    >
                      {t('settings.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing ? (
        <PaymentChannelModal
          channel={editing.channel}
          isNew={editing.isNew}
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
