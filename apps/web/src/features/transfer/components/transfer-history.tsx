import type { TTransferRecord } from '@lc/shared/contracts/transfers';
import { formatCurrency } from '@lc/ui/format-currency';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/status-badge';
import { OrderHistory } from '@/features/orders/components/order-history';
import type { OrderAmountColumn } from '@/features/orders/components/order-list';
import { useTransfers } from '../api/get-transfers';
import { transferStatusColor } from '../lib/transfer-form';
import classes from './transfer.module.css';

/** A transfer as a row of the shared order list: its reference is the row's code, its date the row's. */
type TransferRow = TTransferRecord & { code: string; date_time: string; game_provider: string };

const toRow = (transfer: TTransferRecord): TransferRow => ({
  ...transfer,
  code: transfer.reference,
  date_time: transfer.createdAt,
  game_provider: transfer.from,
});

/** /player/transfer/history: credit moved between providers, from → to, a page at a time. */
export function TransferHistory({
  page,
  pageSize,
  onPageChange,
}: {
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const { data } = useTransfers(page, pageSize);
  const name = (provider: string) => t([`providers.${provider}`, 'common.notAvailable']);
  const amounts: OrderAmountColumn<TransferRow>[] = [
    { key: 'amount', label: t('orders.creditThb'), render: (row) => formatCurrency(row.amount, 'THB') },
  ];
  return (
    <OrderHistory
      title={t('pages.transferHistory.title')}
      subtitle={t('pages.transferHistory.description')}
      page={data.page}
      pageSize={pageSize}
      total={data.total}
      orders={data.items.map(toRow)}
      amounts={amounts}
      emptyText={t('transfer.historyEmpty')}
      emptyAction={{ label: t('transfer.goToCredit'), to: '/player' }}
      onPageChange={onPageChange}
      variant={{
        provider: {
          label: t('transfer.fromTo'),
          render: (row) => (
            <span className={classes.route}>
              {name(row.from)} → {name(row.to)}
            </span>
          ),
        },
        status: (row) => (
          <span className={classes.chip}>
            <StatusBadge
              status={row.status}
              color={transferStatusColor(row.status)}
              label={t([`transfer.status.${row.status}`, 'status.UNKNOWN'])}
              testId="status-chip"
            />
          </span>
        ),
        rowTestId: 'transfer-row',
      }}
    />
  );
}
