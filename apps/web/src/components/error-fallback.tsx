import { isNetworkError } from '@lc/ui/api-client';
import { Button, Code, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOfflineNow, useRetryWhenOnline } from '@/lib/network-status';
import { IconAlert } from './icons';
import { OfflineState } from './offline-state';

// What browsers say when a lazy page's code could not be fetched (Chromium, Firefox, Safari).
const CHUNK_LOAD_FAILED =
  /dynamically imported module|error loading dynamically imported|module script failed/i;

/**
 * A route that failed for want of a network: its data got no answer (NETWORK_ERROR), its code could not be
 * fetched, or anything failed while the app is offline (decision 0075).
 */
export function isOfflineFailure(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  if (error instanceof TypeError && CHUNK_LOAD_FAILED.test(error.message)) return true;
  return isOfflineNow();
}

/**
 * Fallback of any route that throws. Offline, the offline state, which tries again by itself when the
 * network is back; otherwise "Something went wrong!" with the details behind a toggle. Retrying loads the
 * route again (its loaders and any query that threw), not only the boundary.
 */
export function ErrorFallback({ error, reset }: Partial<ErrorComponentProps>) {
  const { t } = useTranslation();
  const router = useRouter();
  const queryErrors = useQueryErrorResetBoundary();
  const [isShown, setIsShown] = useState(false);
  const isOffline = isOfflineFailure(error);
  const retry = useCallback(() => {
    queryErrors.reset();
    reset?.();
    void router.invalidate();
  }, [queryErrors, reset, router]);
  useRetryWhenOnline(isOffline, retry);
  if (isOffline) return <OfflineState onRetry={retry} />;
  const details = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (
    <Container size="sm" py={64}>
      <Paper className="panel" p="xl" radius="lg" data-testid="error-boundary">
        <Stack align="center" gap="md" ta="center">
          <IconAlert size={48} className="text-gold" />
          <Title order={1} size="h2">
            {t('errorPage.somethingWrong')}
          </Title>
          <Group justify="center">
            <Button variant="default" onClick={() => setIsShown((value) => !value)} aria-expanded={isShown}>
              {isShown ? t('errorPage.hideError') : t('errorPage.showError')}
            </Button>
            <Button onClick={retry}>{t('common.retry')}</Button>
          </Group>
          {isShown ? (
            <Code block w="100%" ta="left">
              {details}
            </Code>
          ) : null}
          <Text size="sm" c="dimmed">
            {t('errorPage.persist')}
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
