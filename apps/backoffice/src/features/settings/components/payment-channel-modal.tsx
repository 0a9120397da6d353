import { CHANNEL_MODES, type TPaymentChannelSettings } from '@lc/shared/contracts/payment-channels';
import { BANKS } from '@lc/shared/providers';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { fieldError } from '@/lib/error-message';
import { useSavePaymentChannel } from '../api/save-payment-channel';

const TEXT_FIELDS = ['displayName', 'mid', 'receiverId', 'mcc', 'merchantName', 'merchantCity'] as const;

/**
 * Edits one payment channel as a whole (admin): how its LaoQR is issued and where the money goes. Sent as a
 * request: another admin approves it before deposits use it.
 */
/** A channel not yet made: every field empty, the bank and mode the common ones; its code is typed. */
export const NEW_CHANNEL: TPaymentChannelSettings = {
  code: '',
  mid: '',
  displayName: '',
  currency: 'LAK',
  receivingBank: 'bcel',
  mode: 'local',
  receiverId: '',
  mcc: '',
  merchantName: '',
  merchantCity: '',
};

export function PaymentChannelModal({
  channel,
  isNew = false,
  onClose,
  onRequested,
}: {
  channel: TPaymentChannelSettings;
  /** A new channel: its code (how ops name it, a-z 0-9 -) is typed too. */
  isNew?: boolean;
  onClose: () => void;
  /** The request was filed: another admin approves it before the channel changes. */
  onRequested: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePaymentChannel();
  const [draft, setDraft] = useState(channel);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { code, ...body } = draft;
    save.mutate({ code: code.trim(), channel: body }, { onSuccess: onRequested });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={isNew ? t('settings.newChannel') : t('settings.editChannel', { code: channel.code })}
      centered
      size="lg"
    >
      <form onSubmit={submit} data-testid="channel-form">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {isNew ? (
              <TextInput
                label={t('settings.channelFields.code')}
                name="code"
                required
                pattern="[a-z0-9\-]{2,32}"
                description={t('settings.channelCodeHint')}
                error={fieldError(t, save.error, 'code')}
                value={draft.code}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setDraft((current) => ({ ...current, code: value }));
                }}
              />
            ) : null}
            {TEXT_FIELDS.map((field) => (
              <TextInput
                key={field}
                label={t(`settings.channelFields.${field}`)}
                name={field}
                required
                value={draft[field]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setDraft((current) => ({ ...current, [field]: value }));
                }}
                error={fieldError(t, save.error, field)}
              />
            ))}
            <Select
              label={t('settings.channelFields.receivingBank')}
              data={BANKS.map((value) => ({ value, label: t(`banks.${value}`) }))}
              value={draft.receivingBank}
              allowDeselect={false}
              onChange={(value) =>
                value &&
                setDraft((current) => ({ ...current, receivingBank: value as typeof current.receivingBank }))
              }
              error={fieldError(t, save.error, 'receivingBank')}
            />
            <Select
              label={t('settings.channelFields.mode')}
              data={CHANNEL_MODES.map((value) => ({ value, label: t(`settings.modes.${value}`) }))}
              value={draft.mode}
              allowDeselect={false}
              onChange={(value) =>
                value && setDraft((current) => ({ ...current, mode: value as typeof current.mode }))
              }
              error={fieldError(t, save.error, 'mode')}
            />
          </SimpleGrid>
          <ErrorAlert error={save.error} hasFieldErrors />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="channel-submit">
              {t('settings.sendForApproval')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
