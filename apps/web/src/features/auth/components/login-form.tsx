import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { isApiError } from '@/lib/api-client';
import { errorMessage, fieldErrorMessage } from '@/lib/error-message';
import { useLogin } from '../api/login';
import { checkLogin } from '../lib/check-login';

type LoginField = 'username' | 'password';

/**
 * Username + password sign-in; `onSuccess` runs once the player info is refreshed. Two fields kept in React
 * state rather than in @mantine/form, which the other forms use: /login is part of the start-up script, and
 * the form library was 5 KB of it on every first visit. Like @mantine/form, a field's error clears as it is
 * edited, and the check runs on submit.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const [values, setValues] = useState<Record<LoginField, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const change = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = checkLogin(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setFormError(null);
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess,
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
          setFormError(errorMessage(t, error, 'errors:messages.loginError'));
        },
      },
    );
  };

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
          value={values.username}
          onChange={change('username')}
          error={fieldErrorMessage(t, errors.username)}
        />
        <PasswordInput
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
          value={values.password}
          onChange={change('password')}
          error={fieldErrorMessage(t, errors.password)}
        />
        <Button type="submit" size="md" loading={login.isPending} fullWidth data-testid="login-submit">
          {t('auth.loginSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
