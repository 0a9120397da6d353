import type { TAgency } from '@lc/shared/contracts/agency';
import type { TBankAccount } from '@lc/shared/contracts/bank-accounts';
import type { TPromotion, TPromotionUsage } from '@lc/shared/contracts/promotions';
import { isApiError } from '@lc/ui/api-client';
import { formatCurrency, groupThousands } from '@lc/ui/format-currency';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { IconGift } from '@/components/icons';
import { useExchangeRates } from '@/features/orders/api/get-exchange-rates';
import classes from '@/features/orders/components/order-ui.module.css';
import { useSubmissionKey } from '@/features/orders/hooks/use-submission-key';
import { orderFieldError } from '@/features/orders/lib/field-error';
import { normalizeLakInput } from '@/features/orders/lib/money-input';
import { orderErrorMessage } from '@/features/orders/lib/order-error';
import { bankAccountOptions, chosenAccountName, providerOptions } from '@/features/orders/lib/select-options';
import { readLastProvider, rememberProvider } from '@/lib/last-provider';
import { useCreateDeposit } from '../api/create-deposit';
import { depositKeys } from '../api/deposit-keys';
import { type DepositFormValues, toCreateDepositRequest, validateDeposit } from '../lib/deposit-form';
import { depositCreditPreview, withPromotionBonus } from '../lib/deposit-preview';
import { lockedAmount, promotionInUseOf, promotionLockOf, withLockedAmount } from '../lib/promotion-lock';
import { quickAmounts } from '../lib/quick-amounts';

/**
 * The deposit form: provider, bank account, LAK amount, payment channel; opens the order and its QR. While the
 * player's promotion waits for its deposit (usage ACTIVE), the amount on its provider is the promotion's and
 * the preview adds its bonus (`promotionBonus`, the terms of the usage's promotion when they are known).
 */
export function DepositForm({
  agency,
  bankAccounts,
  promotionUsage,
  promotionBonus = null,
}: {
  agency: TAgency;
  bankAccounts: TBankAccount[];
  promotionUsage: TPromotionUsage | null;
  promotionBonus?: TPromotion['bonus'] | null;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { data: rates } = useExchangeRates();
  const create = useCreateDeposit();
  const submission = useSubmissionKey();
  const [formError, setFormError] = useState<string | null>(null);
  const channels = agency.paymentChannels;
  const limits = { min: agency.limits.depositMin, max: agency.limits.depositMax };
  const shownLimits = { min: formatCurrency(limits.min, 'LAK'), max: formatCurrency(limits.max, 'LAK') };
  const lock = promotionLockOf(promotionUsage, i18n.resolvedLanguage);
  const inUse = promotionInUseOf(promotionUsage, i18n.resolvedLanguage);
  const form = useForm<DepositFormValues>({
    mode: 'controlled',
    initialValues: {
      // A promotion waiting for its deposit: the form starts on its provider, amount locked.
      // else on the game the player used last.
      provider: lock?.provider ?? readLastProvider() ?? '',
      // One account per player and usually one channel: nothing to choose, so they start chosen.
      bankAccountId: bankAccounts.length === 1 ? (bankAccounts[0]?.id ?? '') : '',
      amount: '',
      mid: channels.length === 1 ? (channels[0]?.mid ?? '') : '',
    },
    validate: (values) =>
      validateDeposit(withLockedAmount(values, lock), {
        limits,
        channels,
        bankAccountIds: bankAccounts.map((account) => account.id),
      }),
  });
  const error = (field: keyof DepositFormValues) =>
    orderFieldError(t, 'deposit', field, form.errors[field], shownLimits);
  const fixedAmount = lockedAmount(lock, form.values.provider);
  const amount = fixedAmount ?? form.values.amount;
  const preview = depositCreditPreview(amount, rates.rates);
  // The bonus comes only with the promotion's own deposit: its provider, its (locked) amount.
  const withBonus =
    preview && fixedAmount !== null && promotionBonus ? withPromotionBonus(preview, promotionBonus) : null;
  const shownPreview = withBonus?.total ?? preview;
  const quick = quickAmounts(limits);

  const submit = form.onSubmit(
    (values) => {
      setFormError(null);
      const body = toCreateDepositRequest(withLockedAmount(values, lock));
      create.mutate(
        { body, idempotencyKey: submission.keyFor(body) },
        {
          onSuccess: () => {
            submission.settle();
            rememberProvider(body.provider);
          },
          onError: (cause) => {
            submission.settle(cause);
            // Another deposit is already open (another tab): show its QR instead of an error.
            if (isApiError(cause) && cause.code === 'OPEN_ORDER') {
              void queryClient.invalidateQueries({ queryKey: depositKeys.openOrders() });
            }
            setFormError(orderErrorMessage(t, cause, 'deposit'));
          },
        },
      );
    },
    () => setFormError(null),
  );

  return (
    <Paper className="panel" p={{ base: 'md', sm: 'xl' }} radius="lg">
      <form onSubmit={submit} noValidate autoComplete="off" data-testid="deposit-form">
        <Stack gap="md">
          <FormAlert message={formError} testId="deposit-error" />
          {inUse ? (
            // The rule a deposit meets while a promotion is in use, said before it is refused (decision 0074).
            <Alert
              color="gold"
              variant="light"
              icon={<IconGift size={18} />}
              data-testid="deposit-promotion-in-use"
            >
              {t('deposit.promotionInUse', {
                title: inUse.title,
                provider: t(`providers.${inUse.provider}`),
                threshold: formatCurrency(agency.limits.promotionCreditThreshold, 'THB'),
              })}
            </Alert>
          ) : null}
          <Select
            label={t('orders.provider')}
            placeholder={t('orders.choose')}
            name="provider"
            required
            data={providerOptions(t)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('provider')}
            error={error('provider')}
            data-testid="deposit-provider"
          />
          <Select
            label={t('orders.bankAccount')}
            placeholder={t('orders.choose')}
            name="bankAccountId"
            required
            data={bankAccountOptions(t, bankAccounts)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('bankAccountId')}
            error={error('bankAccountId')}
            description={chosenAccountName(bankAccounts, form.values.bankAccountId)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data-testid="deposit-bank-account"
          />
          <TextInput
            label={t('deposit.amount')}
            description={
              fixedAmount !== null && lock
                ? t('deposit.promotionLocked', { title: lock.title })
                : t('deposit.amountLimits', shownLimits)
            }
            name="amount"
            inputMode="numeric"
            autoComplete="transaction-amount"
            required
            readOnly={fixedAmount !== null}
            // The darker filled look tells a locked amount from one to type.
            variant={fixedAmount !== null ? 'filled' : 'default'}
            data-locked={fixedAmount !== null || undefined}
            rightSection={
              <Text size="sm" c="dimmed">
                LAK
              </Text>
            }
            rightSectionWidth={52}
            {...form.getInputProps('amount')}
            value={groupThousands(amount)}
            onChange={(event) => {
              if (fixedAmount === null)
                form.setFieldValue('amount', normalizeLakInput(event.currentTarget.value));
            }}
            error={error('amount')}
          />
          {fixedAmount === null && quick.length > 0 ? (
            <SimpleGrid cols={quick.length} spacing="xs" role="group" aria-label={t('deposit.quickAmounts')}>
              {quick.map((value) => (
                <Button
                  key={value}
                  variant={form.values.amount === value ? 'filled' : 'light'}
                  size="sm"
                  h={44}
                  px={0}
                  // Four amounts side by side on a 320 px phone: the label is allowed the whole button.
                  fz={13}
                  aria-pressed={form.values.amount === value}
                  onClick={() => form.setFieldValue('amount', value)}
                  data-testid="deposit-quick-amount"
                >
                  {groupThousands(value)}
                </Button>
              ))}
            </SimpleGrid>
          ) : null}
          <Select
            label={t('deposit.channel')}
            placeholder={t('orders.choose')}
            name="mid"
            required
            data={channels.map((channel) => ({ value: channel.mid, label: channel.displayName }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('mid')}
            error={error('mid')}
            data-testid="deposit-channel"
          />
          <Group
            justify="space-between"
            className={classes.preview}
            data-testid="deposit-preview"
            aria-live="polite"
          >
            <Text size="sm" c="dimmed">
              {t('deposit.youWillReceive')}
            </Text>
            <Stack gap={0} align="flex-end">
              <Text fw={700} className="text-gold" data-testid="deposit-preview-total">
                {shownPreview ? `≈ ${formatCurrency(shownPreview, 'THB')}` : '–'}
              </Text>
              {withBonus ? (
                <Text size="xs" c="dimmed" data-testid="deposit-preview-bonus">
                  {t('deposit.withBonus', { bonus: formatCurrency(withBonus.bonus, 'THB') })}
                </Text>
              ) : null}
            </Stack>
          </Group>
          <Button type="submit" size="md" loading={create.isPending} fullWidth data-testid="deposit-submit">
            {t('deposit.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
