import { Button, Code, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlert } from './icons';

/** Fallback of any route that throws: "Something went wrong!" with the details behind a toggle. */
export function ErrorFallback({ error, reset }: Partial<ErrorComponentProps>) {
  const { t } = useTranslation();
  const [isShown, setIsShown] = useState(false);
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
            {reset ? <Button onClick={reset}>{t('common.retry')}</Button> : null}
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
