import { isApiError } from '@lc/ui/api-client';
import { Alert, Button, Stack } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { LOGIN_PATH } from '@/lib/query-client';

/**
 * Fallback of any route that throws: the error in words, and a retry; or, when the first sign-in is not
 * finished, the way back to it (retrying could only be refused again).
 */
export function ErrorFallback({ error, reset }: Partial<ErrorComponentProps>) {
  const { t } = useTranslation();
  if (isApiError(error) && error.code === 'STAFF_SETUP_REQUIRED') {
    return (
      <Stack p="md" maw={640}>
        <Alert color="yellow" data-testid="error-boundary">
          {errorMessage(t, error)}
        </Alert>
        <Button component="a" href={LOGIN_PATH} w="fit-content" data-testid="finish-sign-in">
          {t('signIn.finishSetUp')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack p="md" maw={640}>
      <Alert color="red" title={t('somethingWrong')} data-testid="error-boundary">
        {errorMessage(t, error)}
      </Alert>
      {reset ? (
        <Button variant="default" onClick={reset} w="fit-content">
          {t('retry')}
        </Button>
      ) : null}
    </Stack>
  );
}
