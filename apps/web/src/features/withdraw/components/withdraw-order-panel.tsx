import type { TWithdrawRecord } from '@lc/shared/contracts/withdrawals';
import { tryParseMoney } from '@lc/shared/money';
import { formatCurrency } from '@lc/ui/format-currency';
import { formatDateTime } from '@lc/ui/format-date';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconHourglass } from '@/components/icons';
import { useLandInView } from '@/components/land-in-view';
import { StatusChip } from '@/features/orders/components/status-chip';

/**
 * A withdrawal waiting for payout: just made (`isNew`: it lands in view with the focus on its title, the
 * player pressed Withdraw lower on the page) or found open when the page opened.
 */
export function WithdrawOrderPanel({ order, isNew }: { order: TWithdrawRecord; isNew: boolean }) {
  const { t } = useTranslation();
  const title = useLandInView<HTMLHeadingElement>(isNew ? order.code : null);
  const returned = tryParseMoney(order.credit_returned, 'THB') ?? 0n;
  return (
    <Paper
      className="panel"
      p={{ base: 'md', sm: 'xl' }}
      radius="lg"
      data-testid={isNew ? 'withdraw-success' : 'withdraw-open'}
      data-code={order.code}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title
              order={2}
              size="h4"
              ref={title}
              tabIndex={-1}
              className="land-in-view"
              data-testid="withdraw-title"
            >
              {isNew ? t('withdraw.successTitle') : t('withdraw.openTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {formatDateTime(order.date_time)}
            </Text>
          </div>
          <StatusChip status={order.status} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Detail label={t('orders.code')} value={order.code} testId="withdraw-code" isCode />
          <Detail label={t('orders.provider')} value={t(`providers.${order.game_provider}`)} />
          <Detail
            label={t('withdraw.creditTaken')}
            value={formatCurrency(order.amount, 'THB')}
            testId="withdraw-amount"
          />
          <Detail
            label={t('withdraw.creditReceived')}
            value={formatCurrency(order.credit_received, 'THB')}
            testId="withdraw-credit-received"
          />
          {returned > 0n ? (
            <Detail
              label={t('withdraw.creditReturned')}
              value={formatCurrency(order.credit_returned, 'THB')}
            />
          ) : null}
          <Detail
            label={t('withdraw.payout')}
            value={formatCurrency(order.payout_amount, 'LAK')}
            testId="withdraw-payout"
            isHighlighted
          />
        </SimpleGrid>
        {order.status === 'OPEN' ? (
          <Alert
            color="gray"
            variant="light"
            icon={<IconHourglass size={18} />}
            data-testid="withdraw-waiting"
          >
            {t('withdraw.waitingForPayout')}
          </Alert>
        ) : null}
        <Group>
          <Button component={Link} to="/player/withdraw/history" variant="light">
            {t('nav.withdrawHistory')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Detail({
  label,
  value,
  testId,
  isHighlighted = false,
  isCode = false,
}: {
  label: string;
  value: string;
  testId?: string;
  isHighlighted?: boolean;
  isCode?: boolean;
}) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text
        fw={700}
        size={isHighlighted ? 'lg' : undefined}
        className={
          [isHighlighted ? 'text-gold' : '', isCode ? 'order-code' : ''].join(' ').trim() || undefined
        }
        style={isCode ? undefined : { overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {value}
      </Text>
    </div>
  );
}
