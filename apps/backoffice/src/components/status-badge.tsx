import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  OPEN: 'blue',
  PAID: 'cyan',
  PENDING: 'yellow',
  SUCCESS: 'green',
  APPROVED: 'green',
  MATCHED: 'green',
  CREDITED: 'green',
  DONE: 'green',
  OK: 'green',
  FAILED: 'red',
  REJECTED: 'red',
  DIFFERENCE: 'red',
  BOUNCED: 'orange',
  UNMATCHED: 'orange',
  RUNNING: 'yellow',
};

/** A status as a coloured badge with its translated name; the raw status is kept in `data-status`. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" data-status={status} data-testid="status-badge">
      {t([`status.${status}`, status])}
    </Badge>
  );
}
