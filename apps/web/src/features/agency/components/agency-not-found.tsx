import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/components/brand-logo';
import { IconHeadset } from '@/components/icons';

/** The whole app when this host has no agency: login is impossible, so only support can help. */
export function AgencyNotFound() {
  const { t } = useTranslation();
  return (
    <main data-testid="agency-not-found">
      <Center mih="100vh" p="md">
        <Paper className="panel" p="xl" radius="lg" maw={520}>
          <Stack align="center" ta="center" gap="md">
            <BrandLogo alt={t('app.name')} />
            <span className="coming-soon-icon">
              <IconHeadset size={36} />
            </span>
            <Title order={1} size="h2">
              {t('agencyNotFound.title')}
            </Title>
            <Text>{t('agencyNotFound.body')}</Text>
            <Text c="dimmed">{t('agencyNotFound.apology')}</Text>
            <Anchor href="/" size="sm">
              {t('common.retry')}
            </Anchor>
          </Stack>
        </Paper>
      </Center>
    </main>
  );
}
