import { Anchor, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconHistory } from './icons';

type HistoryPath =
  | '/player/deposit/history'
  | '/player/withdraw/history'
  | '/player/promotion/history'
  | '/player/transfer/history';

/** The link from a money page (deposit, withdraw, promotion; the credit panel's Move) to its history. */
export function HistoryLink({ to, label, testId }: { to: HistoryPath; label: string; testId: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" data-testid={testId}>
      <Group gap={6} wrap="nowrap">
        <IconHistory size={16} />
        {label}
      </Group>
    </Anchor>
  );
}
