import { LIMIT_PERIODS, type TLimitPeriod, type TPlayLimitsRequest } from '@lc/shared/contracts/play-limits';
import { formatCurrency } from '@lc/ui/format-currency';
import { formatDateTime } from '@lc/ui/format-date';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, FormNotice } from '@/components/form-alert';
import { IconHourglass } from '@/components/icons';
import { errorMessage, fieldErrorMessage } from '@/lib/error-message';
import { usePlayLimits } from '../api/get-play-limits';
import { useSetPlayLimits } from '../api/set-play-limits';

type Drafts = Record<TLimitPeriod, string>;

const WHOLE_KIP = /^[1-9]\d{0,12}$/;

/** Digits only: players type "1,000,000" or "1 000 000"; an empty box means no limit. */
const digitsOf = (text: string) => text.replace(/[\s,.]/g, '');

const show = (value: string | null) => (value === null ? null : formatCurrency(value, 'LAK'));

/** Deposit limits per rolling day, week and month: the ones in force, the pending raises, and the form. */
export function DepositLimitsSection() {
  const { t } = useTranslation();
  const { data } = usePlayLimits();
  const save = useSetPlayLimits();
  // The form starts from what the player last asked for: the pending values when a raise waits.
  const wished = data.pending ?? data.limits;
  const [drafts, setDrafts] = useState<Drafts>(() => ({
    daily: wished.daily ?? '',
    weekly: wished.weekly ?? '',
    monthly: wished.monthly ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<TLimitPeriod, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: Partial<Record<TLimitPeriod, string>> = {};
    const body = {} as TPlayLimitsRequest;
    for (const period of LIMIT_PERIODS) {
      const digits = digitsOf(drafts[period]);
      if (digits !== '' && !WHOLE_KIP.test(digits)) problems[period] = 'INVALID';
      body[period] = digits === '' ? null : digits;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setFormError(null);
    save.mutate(body, { onError: (error) => setFormError(errorMessage(t, error)) });
  };

  return (
    <Paper className="panel" p={{ base: 'md', sm: 'lg' }} radius="lg" data-testid="deposit-limits">
      <Title order={2} size="h4" mb={4}>
        {t('playLimits.limits.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('playLimits.limits.body')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <FormNotice
            message={save.isSuccess && !save.isPending ? t('playLimits.limits.saved') : null}
            testId="limits-saved"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {LIMIT_PERIODS.map((period) => (
              <TextInput
                key={period}
                name={period}
                label={t(`playLimits.limits.${period}`)}
                description={t('playLimits.limits.current', {
                  value: show(data.limits[period]) ?? t('playLimits.limits.none'),
                })}
                placeholder={t('playLimits.limits.none')}
                inputMode="numeric"
                autoComplete="off"
                rightSection={<Text size="xs">LAK</Text>}
                value={drafts[period]}
                onChange={(event) => {
                  const { value } = event.currentTarget;
                  setDrafts((current) => ({ ...current, [period]: value }));
                }}
                error={fieldErrorMessage(t, errors[period])}
                data-testid={`limit-${period}`}
              />
            ))}
          </SimpleGrid>
          {data.pending ? (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconHourglass size={18} />}
              title={t('playLimits.limits.pending', { date: formatDateTime(data.pending.effectiveAt) })}
              data-testid="limits-pending"
            >
              {LIMIT_PERIODS.map((period) => (
                <Text key={period} size="sm">
                  {t(`playLimits.limits.${period}`)}:{' '}
                  {show(data.pending?.[period] ?? null) ?? t('playLimits.limits.none')}
                </Text>
              ))}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending} data-testid="limits-save">
              {t('playLimits.limits.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
