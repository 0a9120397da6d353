import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from './brand-logo';

/**
 * Shown when the app was opened without a network (the service worker served the shell, but the agency
 * cannot be asked). It comes back by itself when the connection does: nothing the player sees here is stale
 * data, since no API answer is ever kept offline.
 */
export function OfflinePage() {
  const { t } = useTranslation();
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <main>
      <Center mih="100vh" p="md">
        <Paper className="panel" p="xl" radius="lg" maw={480} data-testid="offline-page">
          <Stack align="center" ta="center" gap="md">
            <BrandLogo alt={t('app.name')} />
            <Title order={1} size="h3">
              {t('installableApp.offlineTitle')}
            </Title>
            <Text c="dimmed">{t('installableApp.offlineBody')}</Text>
            <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
          </Stack>
        </Paper>
      </Center>
    </main>
  );
}
