import type { TDashboardResponse } from '@lc/shared/contracts/ops-dashboard';
import { formatCurrency } from '@lc/ui/format-currency';
import { formatDateTime } from '@lc/ui/format-date';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createLink, Link, linkOptions } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useDashboard } from '../api/get-dashboard';
import { DailyCharts } from './daily-charts';
import { FigureCard } from './figure-card';

type TFigures = TDashboardResponse['totals'];

/** Deposits, withdrawals, bonuses and house result of one period, as four cards. */
function PeriodFigures({ figures, period }: { figures: TFigures; period: 'today' | 'month' }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
      {(['deposits', 'withdrawals'] as const).map((kind) => (
        <FigureCard
          key={kind}
          title={t(`dashboard.${kind}`)}
          value={formatCurrency(figures[kind].thb, 'THB')}
          testId={`${period}-${kind}`}
        >
          <Text size="sm" data-testid={`${period}-${kind}-count`}>
            {t('dashboard.count', { n: figures[kind].count })}
          </Text>
          <Text size="sm" className="lc-code" data-testid={`${period}-${kind}-lak`}>
            {formatCurrency(figures[kind].lak, 'LAK')}
          </Text>
        </FigureCard>
      ))}
      <FigureCard
        title={t('dashboard.bonuses')}
        value={formatCurrency(figures.bonuses, 'THB')}
        testId={`${period}-bonuses`}
      />
      <FigureCard
        title={t('dashboard.house')}
        value={formatCurrency(figures.house, 'THB')}
        testId={`${period}-house`}
      />
    </SimpleGrid>
  );
}

/** A Mantine anchor that is a typed router link (search checked against the target route). */
const AnchorLink = createLink(Anchor);

const QUEUE_LINKS = [
  { key: 'depositsPaid', link: linkOptions({ to: '/deposits', search: { status: 'PAID', page: 1 } }) },
  { key: 'depositsFailed', link: linkOptions({ to: '/deposits', search: { status: 'FAILED', page: 1 } }) },
  {
    key: 'bankPaymentsUnmatched',
    link: linkOptions({ to: '/bank-payments', search: { status: 'UNMATCHED', page: 1 } }),
  },
  { key: 'withdrawalsOpen', link: linkOptions({ to: '/withdrawals', search: { status: 'OPEN', page: 1 } }) },
  {
    key: 'approvalsPending',
    link: linkOptions({ to: '/approvals', search: { status: 'PENDING', page: 1 } }),
  },
] as const;

/** Today and the last 30 Lao days at a glance, what waits in each queue, and the latest reconciliation. */
export function DashboardPage() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const run = dashboard.reconciliation;
  return (
    <Stack>
      <PageHeader title={t('nav.dashboard')} />
      <Title order={2} size="h4">
        {t('dashboard.today')}
      </Title>
      <PeriodFigures figures={dashboard.today} period="today" />
      <Title order={2} size="h4">
        {t('dashboard.lastDays', { days: dashboard.days.length })}
      </Title>
      <PeriodFigures figures={dashboard.totals} period="month" />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md" padding="md" data-testid="dashboard-queues">
          <Title order={2} size="h4" mb="sm">
            {t('dashboard.queues')}
          </Title>
          <Stack gap={6}>
            {QUEUE_LINKS.map((queue) => (
              <Group key={queue.key} justify="space-between" wrap="nowrap">
                <AnchorLink {...queue.link}>{t(`dashboard.queue.${queue.key}`)}</AnchorLink>
                <Text fw={700} className="lc-code" data-testid={`queue-${queue.key}`}>
                  {dashboard.queues[queue.key]}
                </Text>
              </Group>
            ))}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="md" data-testid="dashboard-reconciliation">
          <Title order={2} size="h4" mb="sm">
            {t('nav.reconciliation')}
          </Title>
          {run ? (
            <Stack gap={6}>
              <Group gap="xs">
                <Badge color={run.status === 'FAILED' || run.differences > 0 ? 'red' : 'teal'}>
                  {t(`dashboard.run.${run.status}`)}
                </Badge>
                <Text size="sm">{formatDateTime(run.startedAt)}</Text>
              </Group>
              <Text size="sm">{t('dashboard.runDifferences', { n: run.differences })}</Text>
              {run.unavailable > 0 ? (
                <Text size="sm" c="orange">
                  {t('dashboard.runUnavailable', { n: run.unavailable })}
                </Text>
              ) : null}
              <Anchor component={Link} to="/reconciliation" size="sm">
                {t('dashboard.openReconciliation')}
              </Anchor>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('dashboard.noRun')}
            </Text>
          )}
        </Card>
      </SimpleGrid>
      <DailyCharts days={dashboard.days} />
    </Stack>
  );
}
