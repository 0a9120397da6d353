import type { TSettlementChannel } from '@lc/shared/contracts/reports';
import { laoToday } from '@lc/ui/format-date';
import { Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DayInput } from '@/components/day-input';
import { ErrorAlert } from '@/components/error-alert';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { settlementCsvUrl, useSettlementReport } from '../api/get-settlement-report';

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/** The day `days` before or after a `YYYY-MM-DD` day (calendar arithmetic in UTC: no time zone shifts it). */
function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The daily settlement for a date (Lao time), per channel and in total, and its CSV. */
export function ReportsPage({ date, onDateChange }: { date: string; onDateChange: (date: string) => void }) {
  const { t } = useTranslation();
  const report = useSettlementReport(date);
  const data = report.data;
  return (
    <Stack>
      <PageHeader title={t('nav.reports')} />
      <Group align="end">
        <DayInput
          label={t('reports.date')}
          name="date"
          value={date}
          onChange={(day) => day && onDateChange(day)}
          testId="reports-date"
        />
        <Group gap="xs">
          <Button variant="default" onClick={() => onDateChange(shiftDay(date, -1))}>
            {t('dates.previousDay')}
          </Button>
          <Button variant="default" onClick={() => onDateChange(shiftDay(date, 1))}>
            {t('dates.nextDay')}
          </Button>
          <Button variant="default" onClick={() => onDateChange(laoToday())} disabled={date === laoToday()}>
            {t('dates.today')}
          </Button>
        </Group>
        <Anchor href={settlementCsvUrl(date)} download data-testid="settlement-csv">
          {t('reports.csv')}
        </Anchor>
      </Group>
      <ErrorAlert error={report.error} />
      {data ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="settlement-totals">
          <Figure label={t('reports.kipReceived')}>
            <Money amount={data.totals.kipReceived.total.amount} currency="LAK" />
          </Figure>
          <Figure label={t('reports.depositsCredited')}>
            <Money amount={data.totals.depositsCredited.thb} /> ({data.totals.depositsCredited.count})
          </Figure>
          <Figure label={t('reports.payouts')}>
            <Money amount={data.payouts.paid.lak} currency="LAK" /> ({data.payouts.paid.count})
          </Figure>
          <Figure label={t('reports.bonuses')}>
            <Money amount={data.bonuses.given} />
          </Figure>
          <Figure label={t('reports.unmatched')}>
            <Money amount={data.totals.kipReceived.unmatched.amount} currency="LAK" />
          </Figure>
          <Figure label={t('reports.houseThb')}>
            <Money amount={data.house.thb} />
          </Figure>
          <Figure label={t('reports.houseLak')}>
            <Money amount={data.house.lak} currency="LAK" />
          </Figure>
          <Figure label={t('reports.bankNet')}>
            <Money amount={data.totals.bank.net} currency="LAK" />
          </Figure>
        </SimpleGrid>
      ) : null}
      <PagedTable<TSettlementChannel>
        records={data?.channels}
        idAccessor={(c) => c.channel ?? '-'}
        isFetching={report.isFetching}
        columns={[
          {
            accessor: 'channel',
            title: t('reports.channel'),
            render: (c) => c.channel ?? t('reports.noChannel'),
          },
          {
            accessor: 'kipReceived',
            title: t('reports.kipReceived'),
            render: (c) => <Money amount={c.kipReceived.total.amount} currency="LAK" />,
          },
          {
            accessor: 'depositsCredited',
            title: t('reports.depositsCredited'),
            render: (c) => <Money amount={c.depositsCredited.lak} currency="LAK" />,
          },
          {
            accessor: 'bank',
            title: t('reports.bankNet'),
            render: (c) => <Money amount={c.bank.net} currency="LAK" />,
          },
        ]}
      />
    </Stack>
  );
}
