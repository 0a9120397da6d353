import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/status-badge';
import { usageStatusColor, usageStatusLabelKey } from '../lib/usage-status';

/** A usage status as a coloured chip; USED reads "in use", unknown values grey. */
export function UsageStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge
      status={status}
      color={usageStatusColor(status)}
      label={t(usageStatusLabelKey(status))}
      testId="usage-status"
    />
  );
}
