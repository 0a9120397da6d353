import { formatCurrency } from '@lc/ui/format-currency';
import { AreaChart, BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';

/** One day of the charts: the decimal strings as numbers (recharts draws numbers, for the heights only). */
export type TChartDay = {
  day: string;
  deposits: number;
  withdrawals: number;
  bonuses: number;
  house: number;
};

const formatThb = (value: number) => formatCurrency(value.toFixed(2), 'THB');

/** Deposits, withdrawals and bonuses per day. */
export function FlowsPlot({ data, height }: { data: TChartDay[]; height: number }) {
  const { t } = useTranslation();
  return (
    <BarChart
      h={height}
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
  );
}

/** The house result per day. */
export function HousePlot({ data, height }: { data: TChartDay[]; height: number }) {
  const { t } = useTranslation();
  return (
    <AreaChart
      h={height}
      data={data}
      dataKey="day"
      valueFormatter={formatThb}
      tickLine="y"
      yAxisProps={{ width: 80 }}
      series={[{ name: 'house', label: t('dashboard.house'), color: 'gold.5' }]}
      data-testid="chart-house"
    />
  );
}
