import type { TOpsPlayerNote } from '@lc/shared/contracts/ops-player-page';
import { formatDateTime } from '@lc/ui/format-date';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PagedTable } from '@/components/paged-table';
import { fieldError } from '@/lib/error-message';
import { useAddPlayerNote } from '../api/add-player-note';
import { usePlayerNotes } from '../api/get-player-notes';

/** Staff notes about the player, newest first; any member (support+) adds one. */
export function PlayerNotes({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const notes = usePlayerNotes(playerId, page);
  const add = useAddPlayerNote(playerId);
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        setPage(1);
      },
    });
  };
  return (
    <Stack>
      <form onSubmit={submit} data-testid="note-form">
        <Stack gap="xs">
          <Textarea
            label={t('players.newNote')}
            name="text"
            required
            autosize
            minRows={2}
            maxLength={2000}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={fieldError(t, add.error, 'text')}
          />
          <ErrorAlert error={add.error} hasFieldErrors />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending} data-testid="note-submit">
              {t('players.addNote')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ErrorAlert error={notes.error} />
      <PagedTable<TOpsPlayerNote>
        testId="player-notes"
        records={notes.data?.items}
        idAccessor="id"
        page={page}
        total={notes.data?.total ?? 0}
        onPageChange={setPage}
        isFetching={notes.isFetching}
        columns={[
          {
            accessor: 'createdAt',
            title: t('players.at'),
            render: (n) => (
              <Stack gap={2}>
                <Text size="sm" className="lc-code">
                  {n.author}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(n.createdAt)}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'text',
            title: t('players.note'),
            render: (n) => (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="note-text">
                {n.text}
              </Text>
            ),
          },
        ]}
      />
    </Stack>
  );
}
