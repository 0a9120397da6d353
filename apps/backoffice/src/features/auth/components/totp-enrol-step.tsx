import { Button, Center, Stack, Text, TextInput } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@/components/copy-text';
import { ErrorAlert } from '@/components/error-alert';
import { useEnrolTotp } from '../api/enrol-totp';

/** The secret as a QR for the authenticator app (and as text to type), then a first code to prove it. */
export function TotpEnrolStep({
  totp,
  onEnrolled,
}: {
  totp: { secret: string; otpauthUrl: string };
  onEnrolled: (recoveryCodes: string[]) => void;
}) {
  const { t } = useTranslation();
  const enrol = useEnrolTotp();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    enrol.mutate(code.trim(), { onSuccess: ({ recoveryCodes }) => onEnrolled(recoveryCodes) });
  };
  return (
    <form onSubmit={submit} data-testid="totp-enrol-form">
      <Stack>
        <Text size="sm">{t('signIn.enrolHint')}</Text>
        <Center bg="white" p="md" style={{ borderRadius: 8 }}>
          <QRCodeSVG value={totp.otpauthUrl} size={200} title={t('signIn.qrTitle')} />
        </Center>
        <Text size="sm">{t('signIn.secretLabel')}</Text>
        <CopyText value={totp.secret} testId="totp-secret" />
        <TextInput
          label={t('signIn.firstCode')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <ErrorAlert error={enrol.error} />
        <Button type="submit" loading={enrol.isPending} data-testid="totp-enrol-submit">
          {t('signIn.confirmCode')}
        </Button>
      </Stack>
    </form>
  );
}
