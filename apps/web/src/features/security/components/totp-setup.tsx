import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { FormAlert } from '@/components/form-alert';
import { IconKey } from '@/components/icons';
import { errorMessage, fieldErrorMessage } from '@/lib/error-message';
import { useEnableTotp } from '../api/enable-totp';
import { useSetUpTotp } from '../api/set-up-totp';

/**
 * TOTP off: start the set-up, then hand the secret to the authenticator app (scan the QR code, open the
 * `otpauth://` link, or copy the secret and paste it), confirm with a code. The link and the copy button are
 * for the phone that shows the page, which cannot scan its own screen (issue #40 item 4).
 */
export function TotpSetup({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const { t } = useTranslation();
  const setUp = useSetUpTotp();
  const enable = useEnableTotp();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!/^\d{6}$/.test(trimmed)) {
      setCodeError(trimmed === '' ? 'REQUIRED' : 'INVALID_FORMAT');
      return;
    }
    setFormError(null);
    // Not mutate's own onSuccess: the status refetch after enabling can unmount this form first, and
    // TanStack Query then drops that callback, losing the recovery codes that are shown only once. The
    // promise resolves whatever happened to this component, and the section that shows the codes stays.
    enable.mutateAsync({ code: trimmed }).then(
      ({ recoveryCodes }) => onEnabled(recoveryCodes),
      (error: unknown) => setFormError(errorMessage(t, error)),
    );
  };

  if (!setUp.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="dimmed">
          {t('security.totp.offBody')}
        </Text>
        <FormAlert message={setUp.error ? errorMessage(t, setUp.error) : null} />
        <Button onClick={() => setUp.mutate()} loading={setUp.isPending} data-testid="totp-setup">
          {t('security.totp.setUp')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={confirm} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('security.totp.scan')}</Text>
        <Stack gap={4} align="flex-start">
          <Button
            component="a"
            href={setUp.data.otpauthUrl}
            variant="light"
            h={44}
            leftSection={<IconKey size={18} />}
            data-testid="totp-open-app"
          >
            {t('security.totp.openApp')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('security.totp.openAppHint')}
          </Text>
        </Stack>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <div className="totp-qr">
            <QRCodeSVG
              value={setUp.data.otpauthUrl}
              size={168}
              marginSize={2}
              title={t('security.totp.qrTitle')}
            />
          </div>
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 200px' }}>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              {t('security.totp.secret')}
            </Text>
            <Code className="totp-secret" data-testid="totp-secret">
              {setUp.data.secret}
            </Code>
            <Group>
              <CopyButton
                value={setUp.data.secret}
                label={t('security.totp.copySecret')}
                testId="totp-secret-copy"
              />
            </Group>
            <Text size="xs" c="dimmed">
              {t('security.totp.secretHint')}
            </Text>
          </Stack>
        </Group>
        <FormAlert message={formError} />
        <TextInput
          label={t('security.totp.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setCodeError(undefined);
          }}
          error={fieldErrorMessage(t, codeError)}
          data-testid="totp-code"
        />
        <Group>
          <Button type="submit" loading={enable.isPending} data-testid="totp-enable">
            {t('security.totp.enable')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
