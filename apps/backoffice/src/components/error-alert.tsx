import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';

/**
 * A failed call's translated message, announced to screen readers; nothing when there is no error. A form
 * that shows each field's problem beside the field passes `hasFieldErrors` so they are not repeated here.
 */
export function ErrorAlert({ error, hasFieldErrors = false }: { error: unknown; hasFieldErrors?: boolean }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" role="alert" data-testid="error-alert">
      {errorMessage(t, error, { withFields: !hasFieldErrors })}
    </Alert>
  );
}
