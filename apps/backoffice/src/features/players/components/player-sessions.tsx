import { formatDateTime } from '@lc/ui/format-date';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PagedTable } from '@/components/paged-table';
import { useEndPlayerSessions } from '../api/end-player-sessions';
import { usePlayerSessions } from '../api/get-player-sessions';

type TSession = NonNullable<ReturnType<typeof usePlayerSessions>['data']>['sessions'][number];

/** The player's live sessions; support+ signs the player out everywhere ("end sessions"). */
export function PlayerSessions({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const sessions = usePlayerSessions(playerId);
  const end = useEndPlayerSessions(playerId);
  const count = sessions.data?.sessions.length ?? 0;
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm">{t('players.sessionCount', { count })}</Text>
        <Button
          color="red"
          variant="light"
          disabled={count === 0}
          loading={end.isPending}
          onClick={() => end.mutate()}
          data-testid="end-sessions"
        >
          {t('players.endSessions')}
        </Button>
      </Group>
      {end.data ? (
        <Alert color="green" role="status" data-testid="sessions-ended">
          {t('players.sessionsEnded', { count: end.data.ended })}
        </Alert>
      ) : null}
      <ErrorAlert error={sessions.error ?? end.error} />
      <PagedTable<TSession>
        testId="player-sessions"
        records={sessions.data?.sessions}
        idAccessor="id"
        isFetching={sessions.isFetching}
        columns={[
          {
            accessor: 'createdAt',
            title: t('players.signedInAt'),
            render: (s) => formatDateTime(s.createdAt),
          },
          {
            accessor: 'lastSeenAt',
            title: t('players.lastSeen'),
            render: (s) => formatDateTime(s.lastSeenAt),
          },
          {
            accessor: 'ip',
            title: t('players.ip'),
            render: (s) => <span className="lc-code">{s.ip ?? '—'}</span>,
          },
          { accessor: 'userAgent', title: t('players.device'), render: (s) => s.userAgent ?? '—' },
        ]}
      />
    </Stack>
  );
}
