import type { TPromotionUsage } from '@lc/shared/contracts/promotions';
import { formatCurrency } from '@lc/ui/format-currency';
import { formatDateTime } from '@lc/ui/format-date';
import { Button, Container, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconHistory } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { HistoryPagination } from '@/features/orders/components/history-pagination';
import orderClasses from '@/features/orders/components/orders.module.css';
import { useUsages } from '../api/get-usages';
import { localizedText } from '../lib/promotion-terms';
import { UsageStatusChip } from './usage-status-chip';

/** Phones (≤ 576 px, the bottom-bar breakpoint) get cards; wider screens a table, as the order histories. */
const PHONE_QUERY = '(max-width: 576px)';

type Column = { key: string; label: string; render: (usage: TPromotionUsage) => React.ReactNode };

/** /player/promotion/history: every promotion the player took, a page at a time, with its outcome. */
export function PromotionHistory({
  page,
  pageSize,
  onPageChange,
}: {
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const { data } = useUsages(page, pageSize);
  const isPhone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  const pages = Math.max(1, Math.ceil(data.total / pageSize));
  const title = (usage: TPromotionUsage) => localizedText(usage.title, i18n.resolvedLanguage);
  const columns: Column[] = [
    { key: 'provider', label: t('orders.provider'), render: (u) => t(`providers.${u.provider}`) },
    {
      key: 'deposit',
      label: t('promotion.depositAmount'),
      render: (u) => formatCurrency(u.depositAmount, 'LAK'),
    },
    { key: 'bonus', label: t('promotion.bonus'), render: (u) => formatCurrency(u.bonus, 'THB') },
    {
      key: 'target',
      label: t('promotion.target'),
      render: (u) => (u.targetCredit === null ? '–' : formatCurrency(u.targetCredit, 'THB')),
    },
    {
      key: 'ended',
      label: t('promotion.endedOn'),
      // A promotion still running has no end date: said in words, not the formatter's "N/A".
      render: (u) => (u.endedAt === null ? t('promotion.notEnded') : formatDateTime(u.endedAt)),
    },
  ];

  let content: React.ReactNode;
  if (data.items.length === 0) {
    content = (
      <Paper className="panel" p="xl" radius="lg" data-testid="usages-empty">
        <Stack align="center" gap="sm">
          <IconHistory size={36} className="text-gold" />
          <Text c="dimmed" ta="center">
            {t('promotion.historyEmpty')}
          </Text>
          <Button component={Link} to="/player/promotion" variant="light">
            {t('promotion.browse')}
          </Button>
        </Stack>
      </Paper>
    );
  } else if (isPhone) {
    content = (
      <Stack gap="sm" aria-label={t('pages.promotionHistory.title')}>
        {data.items.map((usage) => (
          <Paper
            key={usage.usageId}
            className="panel"
            p="md"
            radius="lg"
            data-testid="usage-row"
            data-usage-id={usage.usageId}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" mb="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={700}>{title(usage)}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(usage.createdAt)}
                </Text>
              </div>
              <UsageStatusChip status={usage.status} />
            </Group>
            <dl className={orderClasses.cardAmounts}>
              {columns.map((column) => (
                <div key={column.key} className={orderClasses.cardAmount}>
                  <dt>{column.label}</dt>
                  <dd>{column.render(usage)}</dd>
                </div>
              ))}
            </dl>
          </Paper>
        ))}
      </Stack>
    );
  } else {
    content = (
      <Paper className="panel" radius="lg" p={0}>
        <Table.ScrollContainer minWidth={880}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover className={orderClasses.table}>
            <caption className="visually-hidden">{t('pages.promotionHistory.title')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('promotion.takenOn')}</Table.Th>
                <Table.Th>{t('promotion.name')}</Table.Th>
                {columns.map((column) => (
                  <Table.Th key={column.key}>{column.label}</Table.Th>
                ))}
                <Table.Th>{t('orders.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((usage) => (
                <Table.Tr key={usage.usageId} data-testid="usage-row" data-usage-id={usage.usageId}>
                  <Table.Td className={orderClasses.nowrap}>{formatDateTime(usage.createdAt)}</Table.Td>
                  <Table.Td>{title(usage)}</Table.Td>
                  {columns.map((column) => (
                    <Table.Td key={column.key} className={orderClasses.nowrap}>
                      {column.render(usage)}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <UsageStatusChip status={usage.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
  }

  return (
    <Container size="lg" className="page">
      <PageHeader
        title={t('pages.promotionHistory.title')}
        subtitle={t('pages.promotionHistory.description')}
        icon={IconHistory}
      />
      {content}
      <HistoryPagination page={page} pages={pages} onPageChange={onPageChange} testId="usages-pagination" />
    </Container>
  );
}
