import type { TFingerprintPayload } from '@lc/shared/contracts/fingerprint';
import { ZPassword, ZRegisterRequest, ZUsername } from '@lc/shared/contracts/players';
import { USERNAME_MAX, USERNAME_MIN } from '@lc/shared/limits';
import { isApiError } from '@lc/ui/api-client';
import { Anchor, Button, Checkbox, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '@/components/form-alert';
import { IconCheck } from '@/components/icons';
import { errorMessage, fieldErrorMessage } from '@/lib/error-message';
import { requiredWhenEmpty } from '@/lib/required-fields';
import { useRegister } from '../api/register';
import { useUsernameAvailability } from '../hooks/use-username-availability';

function isFilled(value: unknown, key: string): boolean {
  return typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>)[key] === 'string'
    ? ((value as Record<string, unknown>)[key] as string).length > 0
    : false;
}

// The API's register body without the fingerprint, which is collected at submit time.
const ZRegisterForm = z
  .object({
    username: ZUsername,
    password: ZPassword,
    confirmPassword: ZRegisterRequest.shape.confirmPassword,
    displayName: ZRegisterRequest.shape.displayName,
    phone: z
      .string()
      .trim()
      .regex(/^(\+?[0-9 -]{6,20})?$/, { message: 'INVALID_FORMAT' }),
    acceptTerms: z.literal(true, { message: 'MUST_ACCEPT' }),
    adultConfirmed: z.literal(true, { message: 'MUST_ACCEPT' }),
  })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'PASSWORD_MISMATCH',
    // Show the mismatch even while other fields are still invalid, once both passwords are typed.
    when: ({ value }) => isFilled(value, 'password') && isFilled(value, 'confirmPassword'),
  });

const resolveSchema = schemaResolver(ZRegisterForm, { sync: true });

/** The schema's checks, with an empty required field saying "required" rather than "too short". */
function validate(values: RegisterFormValues) {
  return requiredWhenEmpty(resolveSchema(values), values, [
    'username',
    'password',
    'confirmPassword',
    'displayName',
  ]);
}

type RegisterFormValues = {
  username: string;
  password: string;
  confirmPassword: string;
  displayName: string;
  phone: string;
  acceptTerms: boolean;
  adultConfirmed: boolean;
};

export function RegisterForm({
  collectFingerprint,
  onSuccess,
  onOpenTerms,
}: {
  collectFingerprint: () => Promise<TFingerprintPayload>;
  onSuccess: () => void;
  onOpenTerms: () => void;
}) {
  const { t } = useTranslation();
  const register = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterFormValues>({
    mode: 'controlled',
    initialValues: {
      username: '',
      password: '',
      confirmPassword: '',
      displayName: '',
      phone: '',
      acceptTerms: false,
      adultConfirmed: false,
    },
    validate,
  });
  const availability = useUsernameAvailability(form.values.username);

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    if (availability === 'taken') {
      form.setFieldError('username', 'USERNAME_TAKEN');
      return;
    }
    let fingerprint: TFingerprintPayload;
    try {
      fingerprint = await collectFingerprint();
    } catch {
      setFormError(t('errors:messages.registerError'));
      return;
    }
    register.mutate(
      {
        username: values.username.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        displayName: values.displayName.trim(),
        phone: values.phone.trim() === '' ? undefined : values.phone.trim(),
        acceptTerms: true,
        adultConfirmed: true,
        fingerprint,
      },
      {
        onSuccess,
        onError: (error) => {
          if (isApiError(error) && error.code === 'USERNAME_TAKEN') {
            form.setFieldError('username', 'USERNAME_TAKEN');
          }
          if (isApiError(error) && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
          setFormError(errorMessage(t, error, 'errors:messages.registerError'));
        },
      },
    );
  });

  const usernameError =
    form.errors.username === 'USERNAME_TAKEN' || availability === 'taken'
      ? t('errors:USERNAME_TAKEN')
      : fieldErrorMessage(t, form.errors.username);

  return (
    // Fingerprinting starts at the first focus of the form, not while the page loads (see the login form), so
    // submitting rarely waits for it; its errors surface on submit.
    <form onSubmit={submit} onFocus={() => void collectFingerprint().catch(() => undefined)} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          label={t('auth.username')}
          description={t('auth.usernameRules', { min: USERNAME_MIN, max: USERNAME_MAX })}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={USERNAME_MAX}
          required
          {...form.getInputProps('username')}
          onChange={(event) => form.setFieldValue('username', event.currentTarget.value.toLowerCase())}
          error={usernameError}
          rightSection={<UsernameStatus availability={availability} />}
          aria-describedby="username-status"
        />
        {/* Always one line high, empty or not: text arriving with the check's answer must not push the fields
            below down under a click aimed at them (a lost click on the terms box, seen on a loaded machine). */}
        <Text
          id="username-status"
          className="username-status"
          size="xs"
          c={availability === 'available' ? 'teal.4' : 'dimmed'}
          aria-live="polite"
        >
          {availability === 'available' ? t('auth.usernameAvailable') : null}
          {availability === 'checking' ? t('auth.usernameChecking') : null}
          {availability === 'error' ? t('auth.usernameCheckFailed') : null}
        </Text>
        <TextInput
          label={t('auth.displayName')}
          name="displayName"
          autoComplete="name"
          required
          {...form.getInputProps('displayName')}
          error={fieldErrorMessage(t, form.errors.displayName)}
        />
        <TextInput
          label={t('auth.phone')}
          description={t('auth.phoneOptional')}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          {...form.getInputProps('phone')}
          error={fieldErrorMessage(t, form.errors.phone)}
        />
        <PasswordInput
          label={t('auth.password')}
          description={t('auth.passwordRules', { min: 8 })}
          name="password"
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
          {...form.getInputProps('password')}
          error={fieldErrorMessage(t, form.errors.password)}
        />
        <PasswordInput
          label={t('auth.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
          {...form.getInputProps('confirmPassword')}
          error={
            form.errors.confirmPassword === 'PASSWORD_MISMATCH'
              ? t('auth.passwordNotMatch')
              : fieldErrorMessage(t, form.errors.confirmPassword)
          }
        />
        <Checkbox
          name="acceptTerms"
          label={
            <>
              {t('auth.acceptTerms')}{' '}
              <Anchor component="button" type="button" size="sm" onClick={onOpenTerms}>
                {t('auth.readTerms')}
              </Anchor>
            </>
          }
          {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
          error={fieldErrorMessage(t, form.errors.acceptTerms)}
        />
        <Checkbox
          name="adultConfirmed"
          label={t('auth.adultConfirmed')}
          {...form.getInputProps('adultConfirmed', { type: 'checkbox' })}
          error={form.errors.adultConfirmed ? t('auth.adultRequired') : undefined}
        />
        <Button type="submit" size="md" loading={register.isPending} fullWidth data-testid="register-submit">
          {t('auth.registerSubmit')}
        </Button>
      </Stack>
    </form>
  );
}

function UsernameStatus({ availability }: { availability: string }) {
  if (availability === 'checking') return <Loader size={16} color="gray" />;
  if (availability === 'available') return <IconCheck size={18} className="text-success" />;
  return null;
}
