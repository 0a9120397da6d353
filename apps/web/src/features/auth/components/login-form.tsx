import { isApiError } from '@lc/ui/api-client';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { errorMessage, fieldErrorMessage } from '@/lib/error-message';
import { useLogin } from '../api/login';
import { checkLogin } from '../lib/check-login';

type LoginField = 'username' | 'password' | 'code';

// Fingerprinting must never hold sign-in up: past this the login goes without the X-Fingerprint header.
const FINGERPRINT_WAIT_MS = 1500;

/** The device hash for the new-device notice, or undefined when it is not ready in time or fails. */
async function fingerprintHashOf(
  collect: () => Promise<{ fingerprint: string }>,
): Promise<string | undefined> {
  const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, FINGERPRINT_WAIT_MS));
  const hash = collect().then(
    (payload) => payload.fingerprint,
    () => undefined,
  );
  return Promise.race([hash, timeout]);
}

/**
 * Username + password sign-in; `onSuccess` runs once the player info is refreshed. Two fields kept in React
 * state rather than in @mantine/form, which the other forms use: /login is part of the start-up script, and
 * the form library was 5 KB of it on every first visit. Like @mantine/form, a field's error clears as it is
 * edited, and the check runs on submit. A player with TOTP on is asked for a code in the same form once the
 * API answers TOTP_REQUIRED.
 */
export function LoginForm({
  onSuccess,
  collectFingerprint,
}: {
  onSuccess: () => void;
  collectFingerprint: () => Promise<{ fingerprint: string }>;
}) {
  const { t } = useTranslation();
  const login = useLogin();
  const [values, setValues] = useState<Record<LoginField, string>>({ username: '', password: '', code: '' });
  const [isCodeNeeded, setIsCodeNeeded] = useState(false);
  const [isPreparing, setIsPreparing] = useState(false);

  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const change = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: Partial<Record<string, string>> = checkLogin(values);
    const code = values.code.trim();
    if (isCodeNeeded && code === '') problems.code = 'REQUIRED';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    if (isPreparing || login.isPending) return;
    setFormError(null);
    setIsPreparing(true);
    const fingerprintHash = await fingerprintHashOf(collectFingerprint);
    setIsPreparing(false);
    const body = { username: values.username.trim(), password: values.password };
    login.mutate(
      { ...body, ...(isCodeNeeded ? { code } : {}), fingerprintHash },
      {
        onSuccess,
        onError: (error) => {
          if (isApiError(error) && error.code === 'TOTP_REQUIRED') {
            // Not a failure: the password was right, the form now asks for the code.
            setIsCodeNeeded(true);
            return;
          }
          // A wrong code (the password was right): the next one is typed afresh.
          if (isApiError(error) && error.code === 'TOTP_INVALID')
            setValues((current) => ({ ...current, code: '' }));
          if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
          // TOTP_INVALID has its own words; a lockout says how many minutes are left (errorMessage).
          setFormError(errorMessage(t, error, 'errors:messages.loginError'));
        },
      },
    );
  };

  return (
    // Fingerprinting starts when the player first focuses the form (as on the register form): early enough that
    // submitting rarely waits for it, and not while the page loads, where its canvas, audio and font probes
    // were the longest tasks of /login (Lighthouse TBT 770 ms against 390 ms on /).
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={() => void collectFingerprint().catch(() => undefined)}
      noValidate
    >
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
        {isCodeNeeded ? (
          <TextInput
            label={t('auth.totpCode')}
            description={t('auth.totpCodeHint')}
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            required
            value={values.code}
            onChange={change('code')}
            error={fieldErrorMessage(t, errors.code)}
            data-testid="login-code"
          />
        ) : null}
        <Button
          type="submit"
          size="md"
          loading={login.isPending || isPreparing}
          fullWidth
          data-testid="login-submit"
        >
          {t('auth.loginSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
