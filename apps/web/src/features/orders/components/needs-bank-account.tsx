import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconBank } from '@/components/icons';

/** Deposits and withdrawals go through the player's bank account: without one, say so and link to it. */
export function NeedsBankAccount() {
  const { t } = useTranslation();
  return (
    <Paper className="panel" p={{ base: 'md', sm: 'xl' }} radius="lg" data-testid="needs-bank-account">
      <Stack align="center" gap="sm" ta="center">
        <IconBank size={36} className="text-gold" />
        <Title order={2} size="h4">
          {t('orders.needsBankTitle')}
        </Title>
        <Text c="dimmed">{t('orders.needsBankBody')}</Text>
        <Button component={Link} to="/player/bank" data-testid="add-bank-link">
          {t('orders.addBankAccount')}
        </Button>
      </Stack>
    </Paper>
  );
}
