import type { TStaffSessionResponse } from '@lc/shared/contracts/ops-staff';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { useSignIn } from '../api/sign-in';

/** Username, password and the authenticator's code (or a recovery code); the code stays empty before enrolment. */
export function CredentialsForm({
  onSignedIn,
}: {
  onSignedIn: (session: TStaffSessionResponse, password: string) => void;
}) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    signIn.mutate(
      { username: username.trim(), password, ...(trimmed ? { code: trimmed } : {}) },
      { onSuccess: (session) => onSignedIn(session, password) },
    );
  };
  return (
    <form onSubmit={submit} data-testid="sign-in-form">
      <Stack>
        <TextInput
          label={t('signIn.username')}
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('signIn.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <TextInput
          label={t('signIn.code')}
          description={t('signIn.codeHint')}
          name="code"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <ErrorAlert error={signIn.error} />
        <Button type="submit" loading={signIn.isPending} data-testid="sign-in-submit">
          {t('signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
