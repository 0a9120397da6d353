import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { useChangePassword } from '../api/change-password';

/**
 * First sign-in: the member replaces the initial password an admin handed over with their own. The initial
 * password typed at sign-in is used as it is; after a reload it is not known any more and is asked again.
 */
export function PasswordStep({
  currentPassword,
  onChanged,
}: {
  currentPassword?: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [initial, setInitial] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const isMismatch = confirm.length > 0 && confirm !== password;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) return;
    change.mutate(
      { currentPassword: currentPassword ?? initial, newPassword: password },
      { onSuccess: onChanged },
    );
  };
  return (
    <form onSubmit={submit} data-testid="password-form">
      <Stack>
        <Text size="sm">{t('signIn.passwordHint')}</Text>
        {currentPassword === undefined ? (
          <PasswordInput
            label={t('signIn.initialPassword')}
            name="currentPassword"
            autoComplete="current-password"
            required
            value={initial}
            onChange={(event) => setInitial(event.currentTarget.value)}
          />
        ) : null}
        <PasswordInput
          label={t('signIn.newPassword')}
          name="newPassword"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('signIn.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirm}
          error={isMismatch ? t('errors:fields.PASSWORD_MISMATCH') : undefined}
          onChange={(event) => setConfirm(event.currentTarget.value)}
        />
        <ErrorAlert error={change.error} />
        <Button type="submit" loading={change.isPending} data-testid="password-submit">
          {t('signIn.setPassword')}
        </Button>
      </Stack>
    </form>
  );
}
