import { Badge, Group, Paper, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTotpStatus } from '../api/get-totp-status';
import { RecoveryCodes } from './recovery-codes';
import { TotpDisableForm } from './totp-disable-form';
import { TotpSetup } from './totp-setup';

/** Two-step sign-in: set up, the recovery codes once, or switch off. */
export function TotpSection() {
  const { t } = useTranslation();
  const { data: status } = useTotpStatus();
  // Kept here, not in the query cache: the codes are shown once and never fetched again.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <Paper className="panel" p={{ base: 'md', sm: 'lg' }} radius="lg" data-testid="totp-section">
      <Group justify="space-between" mb="md" wrap="nowrap" gap="sm">
        <Title order={2} size="h4">
          {t('security.totp.title')}
        </Title>
        <Badge color={status.enabled ? 'teal' : 'gray'} variant="light">
          {status.enabled ? t('security.totp.on') : t('security.totp.off')}
        </Badge>
      </Group>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : status.enabled ? (
        <TotpDisableForm enabledAt={status.enabledAt} recoveryCodesLeft={status.recoveryCodesLeft} />
      ) : (
        <TotpSetup onEnabled={setRecoveryCodes} />
      )}
    </Paper>
  );
}
