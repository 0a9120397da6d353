import type { TOpsPlayer } from '@lc/shared/contracts/ops-players';
import { formatDateTime } from '@lc/ui/format-date';
import { Badge, Button, Group, Stack, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { type TPlayerSearch, usePlayers } from '../api/search-players';

/**
 * Players: one search box for a username (or part), a phone or a bank account number, and one for a device
 * fingerprint; the server searches and pages, the URL keeps the search.
 */
export function PlayersPage({
  filter,
  onFilterChange,
}: {
  filter: TPlayerSearch;
  onFilterChange: (filter: TPlayerSearch) => void;
}) {
  const { t } = useTranslation();
  const players = usePlayers(filter);
  const [query, setQuery] = useState(filter.query ?? '');
  const [fingerprint, setFingerprint] = useState(filter.fingerprint ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilterChange({
      query: query.trim() || undefined,
      fingerprint: fingerprint.trim() || undefined,
      page: 1,
    });
  };
  return (
    <Stack>
      <PageHeader title={t('nav.players')} />
      <form onSubmit={submit} data-testid="player-search">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('players.query')}
            description={t('players.queryHint')}
            name="query"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            style={{ flex: '1 1 16rem' }}
          />
          <TextInput
            label={t('players.fingerprint')}
            name="fingerprint"
            value={fingerprint}
            onChange={(event) => setFingerprint(event.currentTarget.value)}
            style={{ flex: '1 1 12rem' }}
          />
          <Button type="submit" data-testid="player-search-submit">
            {t('players.search')}
          </Button>
        </Group>
      </form>
      <ErrorAlert error={players.error} />
      <PagedTable<TOpsPlayer>
        testId="players-table"
        records={players.data?.items}
        idAccessor="id"
        page={filter.page}
        total={players.data?.total ?? 0}
        onPageChange={(page) => onFilterChange({ ...filter, page })}
        isFetching={players.isFetching}
        columns={[
          {
            accessor: 'username',
            title: t('players.username'),
            render: (p) => (
              <Link
                to="/players/$playerId"
                params={{ playerId: p.id }}
                className="lc-code lc-link"
                data-testid="player-link"
              >
                {p.username}
              </Link>
            ),
          },
          { accessor: 'displayName', title: t('players.displayName') },
          { accessor: 'createdAt', title: t('createdAt'), render: (p) => formatDateTime(p.createdAt) },
          {
            accessor: 'blocked',
            title: t('players.promotions'),
            render: (p) =>
              p.blocked ? (
                <Badge color="red" variant="light">
                  {t('players.blocked')}
                </Badge>
              ) : (
                t('players.allowed')
              ),
          },
        ]}
      />
    </Stack>
  );
}
