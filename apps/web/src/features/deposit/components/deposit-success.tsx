import type { TDepositRecord } from '@lc/shared/contracts/deposits';
import { tryParseMoney } from '@lc/shared/money';
import { formatCurrency } from '@lc/ui/format-currency';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconCheck } from '@/components/icons';
import { useLandInView } from '@/components/land-in-view';
import classes from '@/features/orders/components/order-ui.module.css';

/**
 * The credited deposit: the THB credit received (and the promotion bonus, if any), and the kip paid. It lands
 * in view with the focus on its title: the player pressed Pay or Check lower on the page.
 */
export function DepositSuccess({ order, onNewDeposit }: { order: TDepositRecord; onNewDeposit: () => void }) {
  const { t } = useTranslation();
  const bonus = tryParseMoney(order.bonus, 'THB') ?? 0n;
  const title = useLandInView<HTMLHeadingElement>(order.code);
  return (
    <Paper
      className="panel"
      p={{ base: 'md', sm: 'xl' }}
      radius="lg"
      data-testid="deposit-success"
      data-code={order.code}
    >
      <Stack align="center" gap="sm" ta="center">
        <span className={classes.successIcon}>
          <IconCheck size={32} />
        </span>
        <Title
          order={2}
          size="h3"
          ref={title}
          tabIndex={-1}
          className="land-in-view"
          data-testid="deposit-success-title"
        >
          {t('deposit.successTitle')}
        </Title>
        <Text c="dimmed">
          {t('deposit.successBody', { provider: t(`providers.${order.game_provider}`) })}
        </Text>
        <Text className={`${classes.bigAmount} text-gold`} data-testid="deposit-credit">
          {formatCurrency(order.credit, 'THB')}
        </Text>
        {bonus > 0n ? (
          <Text fw={600} data-testid="deposit-bonus">
            {t('deposit.bonus', { amount: formatCurrency(order.bonus, 'THB') })}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('deposit.paidAmount', {
            amount: formatCurrency(order.paid_amount ?? order.amount, 'LAK'),
            code: order.code,
          })}
        </Text>
        <Group justify="center" mt="sm">
          <Button component={Link} to="/player" variant="filled">
            {t('deposit.goPlay')}
          </Button>
          <Button variant="light" onClick={onNewDeposit} data-testid="deposit-new">
            {t('deposit.newDeposit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
