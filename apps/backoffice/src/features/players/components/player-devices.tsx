import { formatDateTime } from '@lc/ui/format-date';
import { Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@/components/copy-text';
import { ErrorAlert } from '@/components/error-alert';
import { PagedTable } from '@/components/paged-table';
import { usePlayerDevices } from '../api/get-player-devices';

type TDevice = NonNullable<ReturnType<typeof usePlayerDevices>['data']>['devices'][number];

/** The player's devices (fingerprint hashes) and the other players seen on each, as links to their pages. */
export function PlayerDevices({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const devices = usePlayerDevices(playerId);
  return (
    <Stack>
      <ErrorAlert error={devices.error} />
      <PagedTable<TDevice>
        testId="player-devices"
        records={devices.data?.devices}
        idAccessor="hash"
        isFetching={devices.isFetching}
        columns={[
          {
            accessor: 'hash',
            title: t('players.fingerprint'),
            render: (d) => (
              <Stack gap={2}>
                <CopyText value={d.hash} shown={`${d.hash.slice(0, 12)}…`} />
                <Link to="/players" search={{ fingerprint: d.hash, page: 1 }} className="lc-link">
                  <Text span size="xs">
                    {t('players.searchDevice')}
                  </Text>
                </Link>
              </Stack>
            ),
          },
          { accessor: 'userAgent', title: t('players.device'), render: (d) => d.userAgent ?? '—' },
          {
            accessor: 'lastSeenAt',
            title: t('players.lastSeen'),
            render: (d) => formatDateTime(d.lastSeenAt),
          },
          {
            accessor: 'sharedWith',
            title: t('players.sharedWith'),
            render: (d) =>
              d.sharedWith.length === 0 ? (
                '—'
              ) : (
                <Group gap="xs">
                  {d.sharedWith.map((other) => (
                    <Link
                      key={other.id}
                      to="/players/$playerId"
                      params={{ playerId: other.id }}
                      className="lc-code lc-link"
                      data-testid="shared-player"
                    >
                      {other.username}
                    </Link>
                  ))}
                </Group>
              ),
          },
        ]}
      />
    </Stack>
  );
}
