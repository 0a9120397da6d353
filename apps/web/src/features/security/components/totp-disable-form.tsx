import { formatDateTime } from '@lc/ui/format-date';
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { errorMessage, fieldErrorMessage } from '@/lib/error-message';
import { useDisableTotp } from '../api/disable-totp';

/** TOTP on: when it was switched on, the recovery codes left, and switching it off (password + code). */
export function TotpDisableForm({
  enabledAt,
  recoveryCodesLeft,
}: {
  enabledAt: string | null;
  recoveryCodesLeft: number;
}) {
  const { t } = useTranslation();
  const disable = useDisableTotp();
  const [values, setValues] = useState({ password: '', code: '' });
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = {
      ...(values.password === '' ? { password: 'REQUIRED' } : {}),
      ...(values.code.trim() === '' ? { code: 'REQUIRED' } : {}),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setFormError(null);
    disable.mutate(
      { password: values.password, code: values.code.trim() },
      { onError: (error) => setFormError(errorMessage(t, error)) },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" data-testid="totp-on">
          {t('security.totp.onSince', { date: formatDateTime(enabledAt) })}{' '}
          {t('security.totp.codesLeft', { count: recoveryCodesLeft })}
        </Text>
        <FormAlert message={formError} />
        <PasswordInput
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => {
            const { value } = event.currentTarget;
            setValues((current) => ({ ...current, password: value }));
          }}
          error={fieldErrorMessage(t, errors.password)}
        />
        <TextInput
          label={t('security.totp.codeOrRecovery')}
          name="code"
          autoComplete="one-time-code"
          value={values.code}
          onChange={(event) => {
            const { value } = event.currentTarget;
            setValues((current) => ({ ...current, code: value }));
          }}
          error={fieldErrorMessage(t, errors.code)}
        />
        <Group>
          <Button
            type="submit"
            color="red"
            variant="light"
            loading={disable.isPending}
            data-testid="totp-disable"
          >
            {t('security.totp.disable')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
