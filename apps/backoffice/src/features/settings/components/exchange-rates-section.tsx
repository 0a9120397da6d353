import { RATE_CURRENCIES, type TRateCurrency } from '@lc/shared/contracts/rates';
import { formatDateTime } from '@lc/ui/format-date';
import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PagedTable } from '@/components/paged-table';
import { useCan } from '@/components/role-gate';
import { fieldError } from '@/lib/error-message';
import { useExchangeRates } from '../api/get-exchange-rates';
import { useSetExchangeRate } from '../api/set-exchange-rate';

type TRateRow = NonNullable<ReturnType<typeof useExchangeRates>['data']>['items'][number];

/** Sets a rate (finance+): at once up to a 5 % move, otherwise as a request a second person approves. */
function RateForm() {
  const { t } = useTranslation();
  const setRate = useSetExchangeRate();
  const [currency, setCurrency] = useState<TRateCurrency>('THB');
  const [buy, setBuy] = useState('');
  const [sell, setSell] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRate.mutate({ currency, buy: buy.trim(), sell: sell.trim() });
  };
  const result = setRate.data;
  return (
    <form onSubmit={submit} data-testid="rate-form" aria-label={t('settings.setRate')}>
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('settings.currency')}
          data={RATE_CURRENCIES.map((value) => ({ value, label: value }))}
          value={currency}
          onChange={(value) => setCurrency(value as TRateCurrency)}
          style={{ alignSelf: 'flex-start' }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('settings.buy')}
            name="buy"
            inputMode="decimal"
            required
            value={buy}
            onChange={(event) => setBuy(event.currentTarget.value)}
            error={fieldError(t, setRate.error, 'buy')}
          />
          <TextInput
            label={t('settings.sell')}
            name="sell"
            inputMode="decimal"
            required
            value={sell}
            onChange={(event) => setSell(event.currentTarget.value)}
            error={fieldError(t, setRate.error, 'sell')}
          />
        </SimpleGrid>
        <ErrorAlert error={setRate.error} hasFieldErrors />
        {result && 'approval' in result ? (
          <Alert color="yellow" role="status" data-testid="rate-approval">
            {t('settings.rateToApproval')}
          </Alert>
        ) : null}
        {result && 'rate' in result ? (
          <Alert color="green" role="status" data-testid="rate-saved">
            {t('settings.rateSet', { currency: result.rate.currency })}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={setRate.isPending} data-testid="rate-submit">
            {t('settings.setRate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Exchange rates: the rate in force per currency, the form (finance+) and every change, newest first. */
export function ExchangeRatesSection() {
  const { t } = useTranslation();
  const canSet = useCan('finance');
  const [page, setPage] = useState(1);
  const history = useExchangeRates(page);
  const current = RATE_CURRENCIES.map((currency) =>
    history.data?.items.find((row) => row.currency === currency),
  );
  return (
    <Stack>
      <Title order={2} size="h3">
        {t('settings.rates')}
      </Title>
      <Card withBorder radius="md">
        <Stack>
          <Text size="sm" c="dimmed">
            {t('settings.ratesHint')}
          </Text>
          {page === 1 ? (
            <Group gap="xl">
              {current.map((row, index) => (
                <Text key={RATE_CURRENCIES[index]} size="sm" data-testid="rate-current">
                  {RATE_CURRENCIES[index]}: {row ? `${row.buy} / ${row.sell}` : '—'}
                </Text>
              ))}
            </Group>
          ) : null}
          {canSet ? <RateForm /> : null}
        </Stack>
      </Card>
      <ErrorAlert error={history.error} />
      <PagedTable<TRateRow>
        testId="rate-history"
        records={history.data?.items}
        idAccessor={(row) => `${row.currency}-${row.updatedAt}`}
        page={page}
        total={history.data?.total ?? 0}
        onPageChange={setPage}
        isFetching={history.isFetching}
        columns={[
          {
            accessor: 'updatedAt',
            title: t('settings.changedAt'),
            render: (r) => formatDateTime(r.updatedAt),
          },
          { accessor: 'currency', title: t('settings.currency') },
          {
            accessor: 'buy',
            title: t('settings.buy'),
            render: (r) => <span className="lc-code">{r.buy}</span>,
          },
          {
            accessor: 'sell',
            title: t('settings.sell'),
            render: (r) => <span className="lc-code">{r.sell}</span>,
          },
          {
            accessor: 'updatedBy',
            title: t('settings.changedBy'),
            render: (r) => <span className="lc-code">{r.updatedBy}</span>,
          },
        ]}
      />
    </Stack>
  );
}
