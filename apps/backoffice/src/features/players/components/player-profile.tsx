import type { TOpsPlayerDetailResponse } from '@lc/shared/contracts/ops-players';
import { formatCurrency } from '@lc/ui/format-currency';
import { formatDateTime } from '@lc/ui/format-date';
import { Badge, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@/components/copy-text';

type TPlayer = TOpsPlayerDetailResponse['player'];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** Who the player is: names, phone, bank account (masked as the player sees it), state and limits. */
export function PlayerProfile({ player }: { player: TPlayer }) {
  const { t } = useTranslation();
  const account = player.bankAccount;
  const limits = player.depositLimits.limits;
  return (
    <Card withBorder radius="md" data-testid="player-profile">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Field label={t('players.username')}>
          <CopyText value={player.username} testId="player-username" />
        </Field>
        <Field label={t('players.displayName')}>
          <Text size="sm">{player.displayName}</Text>
        </Field>
        <Field label={t('players.phone')}>
          {player.phone ? <CopyText value={player.phone} /> : <Text size="sm">—</Text>}
        </Field>
        <Field label={t('players.id')}>
          {/* A uuid overflows a quarter of the card: its start is shown, the copy button copies all of it. */}
          <CopyText value={player.id} shown={`${player.id.slice(0, 8)}…`} />
        </Field>
        <Field label={t('players.bankAccount')}>
          {account ? (
            <Text size="sm">
              {t(`banks.${account.bank}`)} · <span className="lc-code">{account.accountNumber}</span> ·{' '}
              {account.accountName}
            </Text>
          ) : (
            <Text size="sm">{t('players.noBankAccount')}</Text>
          )}
        </Field>
        <Field label={t('players.promotions')}>
          {player.blocked ? (
            <Badge color="red" variant="light" data-testid="player-blocked">
              {t('players.blocked')}
            </Badge>
          ) : (
            <Text size="sm">{t('players.allowed')}</Text>
          )}
        </Field>
        <Field label={t('players.restriction')}>
          <Text size="sm">
            {player.restriction
              ? t('players.restrictionUntil', {
                  kind: t(`players.restrictions.${player.restriction.kind}`),
                  until: formatDateTime(player.restriction.until),
                })
              : '—'}
          </Text>
        </Field>
        <Field label={t('players.depositLimits')}>
          <Text size="sm">
            {(['daily', 'weekly', 'monthly'] as const)
              .map((period) => {
                const value = limits[period];
                return `${t(`players.periods.${period}`)}: ${value ? formatCurrency(value, 'LAK') : '—'}`;
              })
              .join(' · ')}
          </Text>
        </Field>
        <Field label={t('createdAt')}>
          <Text size="sm">{formatDateTime(player.createdAt)}</Text>
        </Field>
      </SimpleGrid>
    </Card>
  );
}
