import { Badge } from '@mantine/core';

/**
 * A record's status as a coloured badge: the one look of order and promotion-usage statuses. Grey "light" is
 * near-black on the dark theme, so grey statuses (waiting, ended, unknown) get an outline to stay legible.
 */
export function StatusBadge({
  status,
  color,
  label,
  testId,
}: {
  status: string;
  color: string;
  label: string;
  testId: string;
}) {
  return (
    <Badge
      color={color}
      variant={color === 'gray' ? 'outline' : 'light'}
      radius="sm"
      data-testid={testId}
      data-status={status}
    >
      {label}
    </Badge>
  );
}
