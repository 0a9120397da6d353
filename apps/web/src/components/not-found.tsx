import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={64}>
      <Paper className="panel" p="xl" radius="lg" data-testid="not-found">
        <Stack align="center" gap="md" ta="center">
          <Text className="not-found-code" aria-hidden="true">
            404
          </Text>
          <Title order={1} size="h2">
            {t('errorPage.notFound')}
          </Title>
          <Text c="dimmed">{t('errorPage.notFoundBody')}</Text>
          <Button component={Link} to="/">
            {t('errorPage.goHome')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
