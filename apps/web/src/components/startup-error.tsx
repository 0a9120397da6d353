import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from './brand-logo';

/** Shown when the agency info cannot be loaded for a reason other than "unknown agency" (e.g. offline). */
export function StartupError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <main>
      <Center mih="100vh" p="md">
        <Paper className="panel" p="xl" radius="lg" maw={480}>
          <Stack align="center" ta="center" gap="md">
            <BrandLogo alt={t('app.name')} />
            <Title order={1} size="h3">
              {t('errorPage.startupFailed')}
            </Title>
            <Text c="dimmed">{t('errorPage.startupFailedBody')}</Text>
            <Text size="xs" c="dimmed">
              {error instanceof Error ? error.message : null}
            </Text>
            <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
          </Stack>
        </Paper>
      </Center>
    </main>
  );
}
