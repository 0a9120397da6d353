import type { TProvider } from '@lc/shared/providers';
import { formatCurrency } from '@lc/ui/format-currency';
import { ActionIcon, Button, Group, Paper, Skeleton, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IconRefresh, IconWallet } from '@/components/icons';
import { errorMessage } from '@/lib/error-message';
import { creditQueryOptions } from '../api/get-credit';

/**
 * One provider's balance, compact, for its game page. Never fresh (staleTime 0), so it is refetched when the
 * player comes back to this tab from a game window: spins change it.
 */
export function ProviderCredit({ provider }: { provider: TProvider }) {
  const { t } = useTranslation();
  const query = useQuery(creditQueryOptions(provider));
  return (
    <Paper
      className="panel"
      px="md"
      py="xs"
      radius="lg"
      data-testid="provider-credit"
      aria-busy={query.isFetching}
    >
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <IconWallet size={20} className="text-gold" />
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" fw={700} truncate>
              {t('credit.providerCredit', { provider: t(`providers.${provider}`) })}
            </Text>
            {query.isFetching ? (
              <Skeleton
                height={22}
                width={110}
                mt={2}
                radius="sm"
                role="progressbar"
                aria-label={t('common.loading')}
              />
            ) : query.isError ? (
              <Text size="sm" c="red.4" data-testid="provider-credit-error">
                {errorMessage(t, query.error)}
              </Text>
            ) : (
              <Text className="credit-amount" fw={700} data-testid="provider-credit-amount">
                {formatCurrency(query.data?.credit.amount ?? '0', query.data?.credit.currency ?? 'THB')}
              </Text>
            )}
          </div>
        </Group>
        {query.isError && !query.isFetching ? (
          <Button size="compact-sm" variant="light" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        ) : (
          <Tooltip label={t('common.refresh')}>
            <ActionIcon
              variant="light"
              size="lg"
              radius="xl"
              onClick={() => void query.refetch()}
              loading={query.isFetching}
              aria-label={t('credit.refreshOne', { provider: t(`providers.${provider}`) })}
              data-testid="provider-credit-refresh"
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Paper>
  );
}
