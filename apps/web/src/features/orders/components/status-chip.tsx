import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/status-badge';
import { orderStatusColor, orderStatusLabelKey } from '../lib/order-status';

/** A deposit or withdrawal status as a coloured chip; OPEN reads "waiting", unknown values grey. */
export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge
      status={status}
      color={orderStatusColor(status)}
      label={t(orderStatusLabelKey(status))}
      testId="status-chip"
    />
  );
}
