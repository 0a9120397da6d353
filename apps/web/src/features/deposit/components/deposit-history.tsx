import type { TDepositRecord } from '@lc/shared/contracts/deposits';
import { tryParseMoney } from '@lc/shared/money';
import { formatCurrency } from '@lc/ui/format-currency';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OrderHistory } from '@/features/orders/components/order-history';
import type { OrderAmountColumn } from '@/features/orders/components/order-list';
import { useDeposits } from '../api/get-deposits';
import { depositPaymentState, type PaymentStateKind } from '../lib/payment-state';

const STATE_COLORS: Record<PaymentStateKind, string> = {
  short: 'yellow.4',
  over: 'yellow.4',
  duplicate: 'yellow.4',
  late: 'yellow.4',
  credited: 'teal.4',
  refunded: 'dimmed',
};

/** The credit is shown while it is coming (open, paid, failing) or came; not for a closed or held order. */
function isCreditShown(order: TDepositRecord): boolean {
  if (order.status === 'SUCCESS' || order.status === 'OPEN' || order.status === 'FAILED') return true;
  return order.status === 'PAID' && order.review === null;
}

/**
 * /player/deposit/history: LAK ordered (and paid, where it differs) and THB credit (with the bonus) of every
 * deposit, a page at a time.
 */
export function DepositHistory({
  page,
  pageSize,
  onPageChange,
}: {
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const { data } = useDeposits(page, pageSize);
  const amounts: OrderAmountColumn<TDepositRecord>[] = [
    {
      key: 'amount',
      label: t('orders.amountLak'),
      render: (order) => {
        // What was paid beside what was ordered, and what waits for staff or what they did (decision 0074).
        const payment = depositPaymentState(t, order);
        return (
          <>
            {formatCurrency(order.amount, 'LAK')}
            {payment.paid ? (
              <Text span size="xs" display="block" data-testid={`deposit-paid-${order.code}`}>
                {payment.paid}
              </Text>
            ) : null}
            {payment.state ? (
              <Text
                span
                size="xs"
                c={STATE_COLORS[payment.kind ?? 'late']}
                display="block"
                data-testid={
                  payment.kind === 'late' ? `late-paid-${order.code}` : `deposit-state-${order.code}`
                }
              >
                {payment.state}
              </Text>
            ) : null}
          </>
        );
      },
    },
    {
      key: 'credit',
      label: t('orders.creditThb'),
      render: (order) =>
        // A credit that never came (closed, or waiting for staff to decide) is not shown as if it had.
        isCreditShown(order) ? (
          <>
            {formatCurrency(order.credit, 'THB')}
            {(tryParseMoney(order.bonus, 'THB') ?? 0n) > 0n ? (
              <Text span size="xs" c="teal.4" display="block">
                {t('deposit.bonus', { amount: formatCurrency(order.bonus, 'THB') })}
              </Text>
            ) : null}
          </>
        ) : (
          '–'
        ),
    },
  ];
  return (
    <OrderHistory
      title={t('pages.depositHistory.title')}
      subtitle={t('pages.depositHistory.description')}
      page={data.page}
      pageSize={pageSize}
      total={data.total}
      orders={data.items}
      amounts={amounts}
      emptyText={t('deposit.historyEmpty')}
      emptyAction={{ label: t('deposit.newDeposit'), to: '/player/deposit' }}
      onPageChange={onPageChange}
    />
  );
}
