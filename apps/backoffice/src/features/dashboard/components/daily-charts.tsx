import type { TDashboardDay } from '@lc/shared/contracts/ops-dashboard';
import { formatCurrency } from '@lc/ui/format-currency';
import { AreaChart, BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "2026-11-26" → "26/11", the day as the console's dates read (DD/MM). */
function dayLabel(date: string): string {
  const [, month = '', day = ''] = date.split('-');
  return `${day}/${month}`;
}

const formatThb = (value: number) => formatCurrency(value.toFixed(2), 'THB');

/**
 * The daily series as charts. Recharts draws numbers, so the decimal strings become numbers here and only
 * here, for the bars' heights; every amount shown as text (cards, tooltips) goes through the one formatter.
 */
export function DailyCharts({ days }: { days: TDashboardDay[] }) {
  const { t } = useTranslation();
  const data = days.map((day) => ({
    day: dayLabel(day.date),
    deposits: Number(day.deposits.thb),
    withdrawals: Number(day.withdrawals.thb),
    bonuses: Number(day.bonuses),
    house: Number(day.house),
  }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Card withBorder radius="md" padding="md" component="figure" m={0} aria-labelledby="chart-flows">
        <Text id="chart-flows" component="figcaption" fw={600} mb="sm">
          {t('dashboard.chartFlows')}
        </Text>
        <BarChart
          h={260}
          data={data}
          dataKey="day"
          valueFormatter={formatThb}
          withLegend
          tickLine="y"
          yAxisProps={{ width: 80 }}
          series={[
            { name: 'deposits', label: t('dashboard.deposits'), color: 'teal.6' },
            { name: 'withdrawals', label: t('dashboard.withdrawals'), color: 'orange.6' },
            { name: 'bonuses', label: t('dashboard.bonuses'), color: 'grape.5' },
          ]}
          data-testid="chart-flows"
        />
      </Card>
      <Card withBorder radius="md" padding="md" component="figure" m={0} aria-labelledby="chart-house">
        <Text id="chart-house" component="figcaption" fw={600} mb="sm">
          {t('dashboard.chartHouse')}
        </Text>
        <AreaChart
          h={260}
          data={data}
          dataKey="day"
          valueFormatter={formatThb}
          tickLine="y"
          yAxisProps={{ width: 80 }}
          series={[{ name: 'house', label: t('dashboard.house'), color: 'gold.5' }]}
          data-testid="chart-house"
        />
      </Card>
    </SimpleGrid>
  );
}
