import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QueueStreamState } from '../lib/queue-event-stream';

/** Says whether the queues update by themselves, or are re-read every few seconds while events are down. */
export function LiveStatus({ state }: { state: QueueStreamState }) {
  const { t } = useTranslation();
  const isLive = state === 'live';
  return (
    <Badge
      variant="dot"
      color={isLive ? 'teal' : 'orange'}
      size="sm"
      role="status"
      data-testid="live-status"
      data-state={state}
    >
      {t(isLive ? 'live.on' : 'live.polling')}
    </Badge>
  );
}
