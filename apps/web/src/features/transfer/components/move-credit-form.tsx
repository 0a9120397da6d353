import { formatCurrency } from '@lc/ui/format-currency';
import { Button, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { orderFieldError } from '@/features/orders/lib/field-error';
import { normalizeCreditInput } from '@/features/orders/lib/money-input';
import { providerOptions } from '@/features/orders/lib/select-options';
import { allAmount, destinations, type TransferFormValues, type TransferLimits } from '../lib/transfer-form';
import type { TransferBalances } from './move-credit-dialog';

/**
 * The first step: from (prefilled with the tile's provider), to (any other), and the amount, with All for the
 * source's whole balance. The refusal of the last attempt, if any, sits on top and takes the focus.
 */
export function MoveCreditForm({
  form,
  balances,
  limits,
  error,
  onSubmit,
}: {
  form: UseFormReturnType<TransferFormValues>;
  balances: TransferBalances;
  limits: TransferLimits;
  error: string | null;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useTranslation();
  const balanceText = (provider: string) => {
    const balance = balances[provider];
    if (!balance) return undefined;
    const amount = balance.isFetching ? '…' : formatCurrency(balance.amount ?? '0', 'THB');
    return t('transfer.balance', { amount });
  };
  const from = balances[form.values.from];
  const all = from?.isFetching ? null : allAmount(from?.amount);
  const shown = {
    min: limits ? formatCurrency(limits.min, 'THB') : '',
    max: limits ? formatCurrency(limits.max, 'THB') : '',
    balance: formatCurrency(from?.amount ?? '0', 'THB'),
  };
  const fieldError = (field: keyof TransferFormValues) =>
    orderFieldError(t, 'transfer', field, form.errors[field], shown);
  const providers = providerOptions(t);
  const toOptions = providers.filter(({ value }) =>
    destinations(form.values.from).some((provider) => provider === value),
  );

  return (
    <form onSubmit={onSubmit} noValidate autoComplete="off" data-testid="transfer-form">
      <Stack gap="md">
        <FormAlert message={error} testId="transfer-error" focusOnShow />
        <Select
          label={t('transfer.from')}
          placeholder={t('orders.choose')}
          name="from"
          required
          data={providers}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('from')}
          onChange={(value) => {
            form.setFieldValue('from', value ?? '');
            if (value === form.values.to) form.setFieldValue('to', '');
          }}
          description={balanceText(form.values.from)}
          descriptionProps={{ 'data-testid': 'transfer-balance' } as Record<string, string>}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={fieldError('from')}
          data-testid="transfer-from"
        />
        <Select
          label={t('transfer.to')}
          placeholder={t('orders.choose')}
          name="to"
          required
          data={toOptions}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('to')}
          description={form.values.to ? balanceText(form.values.to) : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={fieldError('to')}
          data-testid="transfer-to"
        />
        <TextInput
          label={t('transfer.amount')}
          description={limits ? t('transfer.limits', { min: shown.min, max: shown.max }) : undefined}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          required
          leftSection={
            <Text size="sm" c="dimmed" aria-hidden>
              ฿
            </Text>
          }
          rightSection={
            <Button
              size="compact-sm"
              variant="light"
              disabled={all === null}
              onClick={() => all !== null && form.setFieldValue('amount', all)}
              data-testid="transfer-all"
            >
              {t('transfer.all')}
            </Button>
          }
          rightSectionWidth={88}
          {...form.getInputProps('amount')}
          onChange={(event) => form.setFieldValue('amount', normalizeCreditInput(event.currentTarget.value))}
          error={fieldError('amount')}
          data-testid="transfer-amount"
        />
        <Button type="submit" size="md" fullWidth data-testid="transfer-next">
          {t('transfer.next')}
        </Button>
      </Stack>
    </form>
  );
}
