import { Alert, Button, Stack } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';

/** Fallback of any route that throws: the error in words, and a retry. */
export function ErrorFallback({ error, reset }: Partial<ErrorComponentProps>) {
  const { t } = useTranslation();
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
