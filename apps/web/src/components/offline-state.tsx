import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconWifiOff } from './icons';

/**
 * A screen that could not load for want of a network (a route's data or its code): it says "offline" and
 * offers a retry; the screen that shows it also retries by itself when the network comes back.
 */
export function OfflineState({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={64}>
      <Paper className="panel" p="xl" radius="lg" data-testid="offline-state">
        <Stack align="center" gap="md" ta="center">
          <IconWifiOff size={48} className="text-gold" />
          <Title order={1} size="h2">
            {t('installableApp.offlineTitle')}
          </Title>
          <Text c="dimmed">{t('offline.body')}</Text>
          <Button onClick={onRetry} h={44} data-testid="offline-retry">
            {t('common.retry')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
