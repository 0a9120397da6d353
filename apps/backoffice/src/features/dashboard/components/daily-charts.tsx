import type { TDashboardDay } from '@lc/shared/contracts/ops-dashboard';
import { Box, Card, SimpleGrid, Text } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChartDay } from './daily-chart-plots';

// The plots (recharts, the console's largest module) load after the dashboard is on screen: as part of the
// page, their download and parse held back the whole console — header included — on a slow machine.
const FlowsPlot = lazy(() => import('./daily-chart-plots').then((m) => ({ default: m.FlowsPlot })));
const HousePlot = lazy(() => import('./daily-chart-plots').then((m) => ({ default: m.HousePlot })));

/** The plots' height, kept free while they load so nothing below moves. */
const PLOT_HEIGHT = 260;

/** "2026-11-26" → "26/11", the day as the console's dates read (DD/MM). */
function dayLabel(date: string): string {
  const [, month = '', day = ''] = date.split('-');
  return `${day}/${month}`;
}

function ChartCard({ id, caption, children }: { id: string; caption: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="figure" m={0} aria-labelledby={id}>
      <Text id={id} component="figcaption" fw={600} mb="sm">
        {caption}
      </Text>
      <Suspense fallback={<Box h={PLOT_HEIGHT} />}>{children}</Suspense>
    </Card>
  );
}

/**
 * The daily series as charts. Recharts draws numbers, so the decimal strings become numbers here and only
 * here, for the bars' heights; every amount shown as text (cards, tooltips) goes through the one formatter.
 */
export function DailyCharts({ days }: { days: TDashboardDay[] }) {
  const { t } = useTranslation();
  const data: TChartDay[] = days.map((day) => ({
    day: dayLabel(day.date),
    deposits: Number(day.deposits.thb),
    withdrawals: Number(day.withdrawals.thb),
    bonuses: Number(day.bonuses),
    house: Number(day.house),
  }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <ChartCard id="chart-flows" caption={t('dashboard.chartFlows')}>
        <FlowsPlot data={data} height={PLOT_HEIGHT} />
      </ChartCard>
      <ChartCard id="chart-house" caption={t('dashboard.chartHouse')}>
        <HousePlot data={data} height={PLOT_HEIGHT} />
      </ChartCard>
    </SimpleGrid>
  );
}
