import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { isApiError } from '@/lib/api-client';
import { errorMessage, fieldErrorMessage } from '@/lib/error-message';
import { useLogin } from '../api/login';
import { checkLogin } from '../lib/check-login';

/** Username + password sign-in; `onSuccess` runs once the player info is refreshed. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    validate: checkLogin,
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess,
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
          setFormError(errorMessage(t, error, 'errors:messages.loginError'));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          label={t('auth.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...form.getInputProps('username')}
          error={fieldErrorMessage(t, form.errors.username)}
        />
        <PasswordInput
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
          {...form.getInputProps('password')}
          error={fieldErrorMessage(t, form.errors.password)}
        />
        <Button type="submit" size="md" loading={login.isPending} fullWidth data-testid="login-submit">
          {t('auth.loginSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
