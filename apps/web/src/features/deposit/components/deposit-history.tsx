import type { TDepositRecord } from '@lc/shared/contracts/deposits';
import { tryParseMoney } from '@lc/shared/money';
import { formatCurrency } from '@lc/ui/format-currency';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OrderHistory } from '@/features/orders/components/order-history';
import type { OrderAmountColumn } from '@/features/orders/components/order-list';
import { useDeposits } from '../api/get-deposits';

/** /player/deposit/history: LAK paid and THB credit (with the bonus) of every deposit, a page at a time. */
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
      render: (order) => (
        <>
          {formatCurrency(order.amount, 'LAK')}
          {order.latePaid ? (
            <Text span size="xs" c="yellow.4" display="block" data-testid={`late-paid-${order.code}`}>
              {t('deposit.latePaid')}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'credit',
      label: t('orders.creditThb'),
      render: (order) => (
        <>
          {formatCurrency(order.credit, 'THB')}
          {(tryParseMoney(order.bonus, 'THB') ?? 0n) > 0n ? (
            <Text span size="xs" c="teal.4" display="block">
              {t('deposit.bonus', { amount: formatCurrency(order.bonus, 'THB') })}
            </Text>
          ) : null}
        </>
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
