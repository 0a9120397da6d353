import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usageStatusColor, usageStatusLabelKey } from '../lib/usage-status';

/** A usage status as a coloured chip; USED reads "in use", unknown values grey. */
export function UsageStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const color = usageStatusColor(status);
  return (
    <Badge
      color={color}
      // Grey "light" is near-black on the dark theme: an outline keeps ended chips legible.
      variant={color === 'gray' ? 'outline' : 'light'}
      radius="sm"
      data-testid="usage-status"
      data-status={status}
    >
      {t(usageStatusLabelKey(status))}
    </Badge>
  );
}
