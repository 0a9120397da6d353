import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconArrowLeft, IconHourglass } from './icons';

/** Honest placeholder for a feature that is not released yet: what it is, and a way back. */
export function ComingSoon({ description }: { description: string }) {
  const { t } = useTranslation();
  return (
    <Paper className="panel coming-soon" p="xl" radius="lg" data-testid="coming-soon">
      <Stack align="center" ta="center" gap="sm">
        <span className="coming-soon-icon">
          <IconHourglass size={36} />
        </span>
        <Title order={2} size="h3">
          {t('common.comingSoon')}
        </Title>
        <Text c="dimmed" maw={460}>
          {description} {t('common.comingSoonBody')}
        </Text>
        <Button
          component={Link}
          to="/player"
          variant="light"
          leftSection={<IconArrowLeft size={18} />}
          mt="xs"
        >
          {t('common.backToDashboard')}
        </Button>
      </Stack>
    </Paper>
  );
}
