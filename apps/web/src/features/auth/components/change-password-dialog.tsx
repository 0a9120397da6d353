import type { TAgency } from '@lc/shared/contracts/agency';
import { ZChangePasswordRequest } from '@lc/shared/contracts/players';
import { isApiError } from '@lc/ui/api-client';
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCheck } from '@/components/icons';
import { errorMessage, fieldErrorMessage } from '@/lib/error-message';
import { requiredWhenEmpty } from '@/lib/required-fields';
import { useChangePassword } from '../api/change-password';

type Values = { currentPassword: string; newPassword: string; confirmNewPassword: string };

const resolve = schemaResolver(ZChangePasswordRequest, { sync: true });

/** Spec rules on top of the shared schema: an empty password field reads "please enter password", not "too short". */
function validate(values: Values) {
  const errors = requiredWhenEmpty(
    resolve(values),
    values,
    ['currentPassword', 'newPassword'],
    'PLEASE_ENTER_PASSWORD',
  );
  if (values.confirmNewPassword === '') errors.confirmNewPassword = 'PLEASE_ENTER_PASSWORD';
  // The shared schema checks the match only once every field is valid; tell the player right away.
  else if (values.newPassword !== values.confirmNewPassword) errors.confirmNewPassword = 'PASSWORD_MISMATCH';
  return errors;
}

export function ChangePasswordDialog({
  opened,
  onClose,
  agency,
}: {
  opened: boolean;
  onClose: () => void;
  agency: TAgency | null;
}) {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  // One visibility switch for all three fields (spec section 4).
  const [isVisible, setIsVisible] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
    validate,
  });

  const submit = form.onSubmit((values) => {
    // The change is only sent when the agency is known (spec section 5).
    if (!agency) return;
    changePassword.mutate(values, {
      onSuccess: () => setIsDone(true),
      onError: (error) => {
        const isWrongPassword = isApiError(error) && error.code === 'WRONG_CURRENT_PASSWORD';
        if (isApiError(error) && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
        notifications.show({
          title: t('common.error'),
          message: isWrongPassword ? t('account.passwordIncorrect') : errorMessage(t, error),
          color: 'red',
          autoClose: 5000,
        });
      },
    });
  });

  const messageOf = (field: keyof Values) => {
    const code = form.errors[field];
    if (code === 'PLEASE_ENTER_PASSWORD') return t('account.pleaseEnterPassword');
    if (code === 'PASSWORD_MISMATCH') return t('auth.passwordNotMatch');
    if (code === 'TOO_SHORT') return t('account.atLeast', { min: 8 });
    return fieldErrorMessage(t, code);
  };

  const close = () => {
    form.reset();
    setIsVisible(false);
    onClose();
  };

  const type = isVisible ? 'text' : 'password';

  return (
    <>
      <Modal
        opened={opened && !isDone}
        onClose={close}
        title={t('account.changePassword')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
        data-testid="change-password-dialog"
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              type={type}
              label={t('account.currentPassword')}
              name="currentPassword"
              autoComplete="current-password"
              required
              {...form.getInputProps('currentPassword')}
              error={messageOf('currentPassword')}
            />
            <TextInput
              type={type}
              label={t('account.newPassword')}
              name="newPassword"
              autoComplete="new-password"
              required
              {...form.getInputProps('newPassword')}
              error={messageOf('newPassword')}
            />
            <TextInput
              type={type}
              label={t('account.confirmNewPassword')}
              name="confirmNewPassword"
              autoComplete="new-password"
              required
              {...form.getInputProps('confirmNewPassword')}
              error={messageOf('confirmNewPassword')}
            />
            <Checkbox
              label={t('account.showPasswords')}
              checked={isVisible}
              onChange={(event) => setIsVisible(event.currentTarget.checked)}
              data-testid="password-visibility"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                loading={changePassword.isPending}
                disabled={!agency}
                data-testid="change-password-save"
              >
                {t('account.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal
        opened={isDone}
        onClose={() => window.location.reload()}
        title={t('account.passwordChanged')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
        data-testid="password-changed-popup"
      >
        <Stack align="center" ta="center" gap="md">
          <span className="success-badge">
            <IconCheck size={32} />
          </span>
          <Text>{t('account.passwordChangedBody')}</Text>
          <Button fullWidth onClick={() => window.location.reload()} data-testid="password-changed-confirm">
            {t('common.confirm')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
