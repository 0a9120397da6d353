import type { TWithdrawRecord } from '@lc/shared/contracts/withdrawals';
import { formatCurrency } from '@lc/ui/format-currency';
import { useTranslation } from 'react-i18next';
import { OrderHistory } from '@/features/orders/components/order-history';
import type { OrderAmountColumn } from '@/features/orders/components/order-list';
import { useWithdrawals } from '../api/get-withdrawals';

/** /player/withdraw/history: credit taken, received and returned, and the LAK payout, a page at a time. */
export function WithdrawHistory({
  page,
  pageSize,
  onPageChange,
}: {
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const { data } = useWithdrawals(page, pageSize);
  const amounts: OrderAmountColumn<TWithdrawRecord>[] = [
    {
      key: 'amount',
      label: t('withdraw.creditTaken'),
      render: (order) => formatCurrency(order.amount, 'THB'),
    },
    {
      key: 'received',
      label: t('withdraw.creditReceived'),
      render: (order) => formatCurrency(order.credit_received, 'THB'),
    },
    {
      key: 'returned',
      label: t('withdraw.creditReturned'),
      render: (order) => formatCurrency(order.credit_returned, 'THB'),
    },
    {
      key: 'payout',
      label: t('withdraw.payout'),
      render: (order) => formatCurrency(order.payout_amount, 'LAK'),
    },
  ];
  return (
    <OrderHistory
      title={t('pages.withdrawHistory.title')}
      subtitle={t('pages.withdrawHistory.description')}
      page={data.page}
      pageSize={pageSize}
      total={data.total}
      orders={data.items}
      amounts={amounts}
      emptyText={t('withdraw.historyEmpty')}
      emptyAction={{ label: t('withdraw.newWithdraw'), to: '/player/withdraw' }}
      onPageChange={onPageChange}
    />
  );
}
