import type { TProvider } from '@lc/shared/providers';
import { formatCurrency } from '@lc/ui/format-currency';
import { ActionIcon, Button, Group, Paper, SimpleGrid, Skeleton, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HistoryLink } from '@/components/history-link';
import { IconRefresh, IconTransfer } from '@/components/icons';
import { errorMessage } from '@/lib/error-message';
import { useCredits } from '../api/get-credit';
import { totalCredit } from '../lib/total-credit';

/**
 * The player's credit at each of the five providers and their total, in THB. With `onMove`, each provider
 * offers Move (credit from it to another provider); `onMoveIntent` lets the route load the dialog early.
 */
export function CreditPanel({
  onMove,
  onMoveIntent,
}: {
  onMove?: (provider: TProvider) => void;
  onMoveIntent?: () => void;
} = {}) {
  const { t } = useTranslation();
  const { credits, isFetching, refresh } = useCredits();
  const total = isFetching ? null : totalCredit(credits.map(({ query }) => query?.data?.credit));
  return (
    <Paper
      className="panel credit-panel"
      p="lg"
      radius="lg"
      data-testid="credit-panel"
      aria-busy={isFetching}
    >
      <Group justify="space-between" mb="md" wrap="nowrap">
        <div>
          <Title order={2} size="h4">
            {t('dashboard.creditTitle')}
          </Title>
          <Text size="sm" c="dimmed" data-testid="credit-total">
            {t('credit.total')}:{' '}
            <Text span fw={800} size="lg" className="text-gold" data-testid="credit-total-amount">
              {total === null ? '–' : formatCurrency(total, 'THB')}
            </Text>
          </Text>
        </div>
        <Tooltip label={t('common.refresh')}>
          <ActionIcon
            variant="light"
            size="lg"
            radius="xl"
            onClick={() => void refresh()}
            loading={isFetching}
            aria-label={t('credit.refreshAll')}
            data-testid="credit-refresh"
          >
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        {credits.map(({ provider, query }) => (
          <div key={provider} className="credit-tile" data-testid={`credit-${provider}`}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed" fw={700} tt="uppercase" truncate>
                {t(`providers.${provider}`)}
              </Text>
              {onMove ? (
                <Button
                  size="compact-xs"
                  variant="light"
                  miw={64}
                  leftSection={<IconTransfer size={14} />}
                  onClick={() => onMove(provider)}
                  onPointerEnter={onMoveIntent}
                  onFocus={onMoveIntent}
                  aria-label={t('transfer.moveFrom', { provider: t(`providers.${provider}`) })}
                  data-testid={`credit-move-${provider}`}
                >
                  {t('transfer.move')}
                </Button>
              ) : null}
            </Group>
            {/* The whole panel shows loading while any balance loads (spec section 4). */}
            {isFetching || !query ? (
              <Skeleton height={26} mt={6} radius="sm" role="progressbar" aria-label={t('common.loading')} />
            ) : query.isError ? (
              <Group gap={6} mt={4} wrap="nowrap" justify="space-between" data-testid="credit-error">
                <Text size="sm" c="red.4">
                  {errorMessage(t, query.error)}
                </Text>
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => void query.refetch()}
                  data-testid={`credit-retry-${provider}`}
                >
                  {t('common.retry')}
                </Button>
              </Group>
            ) : (
              <Text className="credit-amount" fw={700} mt={2}>
                {formatCurrency(query.data?.credit.amount ?? '0', query.data?.credit.currency ?? 'THB')}
              </Text>
            )}
          </div>
        ))}
      </SimpleGrid>
      {onMove ? (
        <Group justify="flex-end" mt="sm">
          <HistoryLink
            to="/player/transfer/history"
            label={t('nav.transferHistory')}
            testId="credit-transfer-history"
          />
        </Group>
      ) : null}
    </Paper>
  );
}
