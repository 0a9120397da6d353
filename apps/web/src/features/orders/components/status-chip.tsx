import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { orderStatusColor, orderStatusLabelKey } from '../lib/order-status';

/** A deposit or withdrawal status as a coloured chip; OPEN reads "waiting", unknown values grey. */
export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const color = orderStatusColor(status);
  return (
    <Badge
      color={color}
      // Grey "light" is near-black on the dark theme: an outline keeps waiting and unknown chips legible.
      variant={color === 'gray' ? 'outline' : 'light'}
      radius="sm"
      data-testid="status-chip"
      data-status={status}
    >
      {t(orderStatusLabelKey(status))}
    </Badge>
  );
}
