import type { TDepositRecord } from '@lc/shared/contracts/deposits';
import { formatCurrency } from '@lc/ui/format-currency';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconInfo } from '@/components/icons';
import { useLandInView } from '@/components/land-in-view';
import { depositPaymentState } from '../lib/payment-state';

/**
 * A paid order that waits for staff (another amount paid, paid twice): what was paid for what was ordered,
 * what is missing or over, and that staff will credit or refund it — instead of "crediting your game", which
 * would never come by itself (issue #40 item 1, docs/decisions/0074). It lands in view with the focus.
 */
export function DepositReview({ order, onNewDeposit }: { order: TDepositRecord; onNewDeposit: () => void }) {
  const { t } = useTranslation();
  const ref = useLandInView<HTMLDivElement>(`${order.code}:${order.review}`);
  const { state } = depositPaymentState(t, order);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      className="land-in-view"
      color="yellow"
      variant="light"
      icon={<IconInfo size={18} />}
      role="status"
      title={t('deposit.review.title')}
      data-testid="deposit-review"
      data-review={order.review ?? undefined}
    >
      <Stack gap="xs">
        <Text size="sm" fw={700}>
          {t('deposit.paidOf', {
            paid: formatCurrency(order.paid_amount ?? order.amount, 'LAK'),
            amount: formatCurrency(order.amount, 'LAK'),
          })}
        </Text>
        {state ? <Text size="sm">{state}</Text> : null}
        <Group gap="xs">
          <Button component={Link} to="/player/deposit/history" variant="light" size="sm">
            {t('nav.depositHistory')}
          </Button>
          <Button variant="subtle" size="sm" onClick={onNewDeposit} data-testid="deposit-new">
            {t('deposit.newDeposit')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
