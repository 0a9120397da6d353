import { ACCOUNT_NUMBER_MAX, ACCOUNT_NUMBER_MIN, OWNERS } from '@lc/shared/contracts/bank-accounts';
import { isApiError } from '@lc/ui/api-client';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/error-message';
import { useCreateBankAccount } from '../api/create-bank-account';
import { useBanks } from '../api/get-banks';
import { bankFieldErrorMessage } from '../lib/bank-field-error';
import {
  type BankAccountField,
  type BankAccountFormValues,
  toCreateBankAccountRequest,
  validateBankAccount,
} from '../lib/validate-bank-account';
import { BankLogo } from './bank-logo';

const FIELDS: BankAccountField[] = ['bank', 'accountNumber', 'accountName', 'currency', 'owner'];

/** Adds the player's one bank account (LAK only); API errors show in an alert and under their fields. */
export function BankAccountForm({ onSaved }: { onSaved?: () => void }) {
  const { t } = useTranslation();
  const { data } = useBanks();
  const create = useCreateBankAccount({ onSaved });
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<BankAccountFormValues>({
    mode: 'controlled',
    initialValues: { bank: '', accountNumber: '', accountName: '', currency: '', owner: '' },
    validate: validateBankAccount,
  });

  const bankOptions = data.banks.map((bank) => ({ value: bank.code, label: t(`banks.${bank.code}`) }));
  const error = (field: BankAccountField) => bankFieldErrorMessage(t, field, form.errors[field]);

  const submit = form.onSubmit(
    (values) => {
      setFormError(null);
      create.mutate(toCreateBankAccountRequest(values), {
        onError: (cause) => {
          if (isApiError(cause)) {
            const fields = Object.entries(cause.fields).filter(([field]) =>
              FIELDS.includes(field as BankAccountField),
            );
            if (fields.length > 0) form.setErrors(Object.fromEntries(fields));
          }
          setFormError(errorMessage(t, cause));
        },
      });
    },
    () => setFormError(null),
  );

  return (
    <form onSubmit={submit} noValidate autoComplete="off" data-testid="bank-account-form">
      <Stack gap="md">
        <FormAlert message={formError} testId="bank-error" />
        <Select
          label={t('bank.bank')}
          placeholder={t('bank.bankPlaceholder')}
          name="bank"
          autoComplete="off"
          required
          data={bankOptions}
          allowDeselect={false}
          withCheckIcon={false}
          comboboxProps={{ withinPortal: true }}
          leftSection={form.values.bank ? <BankLogo bank={form.values.bank} size="sm" /> : null}
          leftSectionWidth={form.values.bank ? 44 : undefined}
          renderOption={({ option }) => (
            <Group gap="sm" wrap="nowrap">
              <BankLogo bank={option.value} size="sm" />
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {option.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`bankNames.${option.value}`)}
                </Text>
              </div>
            </Group>
          )}
          {...form.getInputProps('bank')}
          error={error('bank')}
          data-testid="bank-select"
        />
        <TextInput
          label={t('bank.accountNumber')}
          description={t('bank.accountNumberHint', { min: ACCOUNT_NUMBER_MIN, max: ACCOUNT_NUMBER_MAX })}
          name="accountNumber"
          autoComplete="off"
          inputMode="numeric"
          spellCheck={false}
          maxLength={64}
          required
          {...form.getInputProps('accountNumber')}
          error={error('accountNumber')}
        />
        <TextInput
          label={t('bank.accountName')}
          description={t('bank.accountNameHint')}
          name="accountName"
          autoComplete="off"
          spellCheck={false}
          maxLength={120}
          required
          {...form.getInputProps('accountName')}
          error={error('accountName')}
        />
        {/* Side by side only from 576 px: on a phone half the width cut the chosen "ເງິນກີບລາວ (LAK)". */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label={t('bank.currency')}
            placeholder={t('bank.choose')}
            name="currency"
            autoComplete="off"
            required
            data={[{ value: 'LAK', label: t('bank.currencyLAK') }]}
            allowDeselect={false}
            {...form.getInputProps('currency')}
            error={error('currency')}
            data-testid="currency-select"
          />
          <Select
            label={t('bank.owner')}
            placeholder={t('bank.choose')}
            name="owner"
            autoComplete="off"
            required
            data={OWNERS.map((owner) => ({ value: owner, label: t(`bank.owners.${owner}`) }))}
            allowDeselect={false}
            {...form.getInputProps('owner')}
            error={error('owner')}
            data-testid="owner-select"
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('bank.oneAccountNote')}
        </Text>
        <Button type="submit" size="md" loading={create.isPending} fullWidth data-testid="bank-submit">
          {t('bank.submit')}
        </Button>
      </Stack>
    </form>
  );
}
