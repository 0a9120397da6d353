import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Money } from '@/components/money';
import { usePlayerBalances } from '../api/get-player-balances';

/** The balance at each provider where the player has a wallet, read live; a provider down says so on its card. */
export function PlayerBalances({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const balances = usePlayerBalances(playerId);
  const rows = balances.data?.balances ?? [];
  return (
    <Stack>
      <ErrorAlert error={balances.error} />
      {balances.isSuccess && rows.length === 0 ? <Text size="sm">{t('players.noWallets')}</Text> : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="player-balances">
        {rows.map((row) => (
          <Card key={row.provider} withBorder radius="md" data-provider={row.provider}>
            <Text size="xs" c="dimmed">
              {t([`providers.${row.provider}`, row.provider])}
            </Text>
            {row.amount !== null ? (
              <Money amount={row.amount} />
            ) : (
              <Text size="sm" c="red">
                {t([`errors:${row.error}`, 'players.balanceUnavailable'])}
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
