import {
  PROTOCOL_CREDENTIALS,
  type TProviderProtocol,
  type TProviderSettingsItem,
} from '@lc/shared/contracts/ops-provider-settings';
import { Button, Group, Modal, PasswordInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { fieldError } from '@/lib/error-message';
import { useSaveProviderSettings } from '../api/save-provider-settings';

/**
 * Asks for new settings of one provider (admin): protocol, URL, the protocol's credentials (typed afresh each
 * time: the server never sends them back) and whether the agency uses it. A second admin approves the request.
 */
export function ProviderSettingsModal({
  item,
  protocols,
  onClose,
  onRequested,
}: {
  item: TProviderSettingsItem;
  protocols: TProviderProtocol[];
  onClose: () => void;
  onRequested: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveProviderSettings();
  const [protocol, setProtocol] = useState<TProviderProtocol>(item.protocol);
  const [url, setUrl] = useState(item.source === 'agency' ? (item.url ?? '') : '');
  const [credentials, setCredentials] = useState<Record<string, string>>({});
  const [enabled, setEnabled] = useState(item.enabled);
  const name = t([`providers.${item.provider}`, item.provider]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { provider: item.provider, body: { protocol, url: url.trim(), credentials, enabled } },
      { onSuccess: onRequested },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('settings.editProvider', { provider: name })} centered size="lg">
      <form onSubmit={submit} data-testid="provider-form">
        <Stack>
          <Select
            label={t('settings.providerFields.protocol')}
            data={protocols}
            value={protocol}
            allowDeselect={false}
            onChange={(value) => value && setProtocol(value as TProviderProtocol)}
            error={fieldError(t, save.error, 'protocol')}
          />
          <TextInput
            label={t('settings.providerFields.url')}
            name="url"
            required
            placeholder="https://api.provider.example/v1"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={fieldError(t, save.error, 'url')}
          />
          {PROTOCOL_CREDENTIALS[protocol].map((field) => (
            <PasswordInput
              key={field}
              label={t([`settings.credentialNames.${field}`, field])}
              name={`credentials.${field}`}
              required
              autoComplete="off"
              value={credentials[field] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setCredentials((current) => ({ ...current, [field]: value }));
              }}
              error={fieldError(t, save.error, `credentials.${field}`)}
            />
          ))}
          <Switch
            label={t('settings.providerFields.enabled')}
            checked={enabled}
            onChange={(event) => setEnabled(event.currentTarget.checked)}
          />
          <Text size="sm" c="dimmed">
            {t('settings.providerFourEyes')}
          </Text>
          <ErrorAlert error={save.error} hasFieldErrors />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="provider-submit">
              {t('settings.sendForApproval')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
