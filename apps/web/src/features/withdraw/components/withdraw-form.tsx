import type { TAgency } from '@lc/shared/contracts/agency';
import type { TBankAccount } from '@lc/shared/contracts/bank-accounts';
import type { TWithdrawRecord } from '@lc/shared/contracts/withdrawals';
import { isApiError } from '@lc/ui/api-client';
import { formatCurrency } from '@lc/ui/format-currency';
import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
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
import { normalizeCreditInput } from '@/features/orders/lib/money-input';
import { orderErrorMessage } from '@/features/orders/lib/order-error';
import { bankAccountOptions, chosenAccountName, providerOptions } from '@/features/orders/lib/select-options';
import { readLastProvider, rememberProvider } from '@/lib/last-provider';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { withdrawKeys } from '../api/withdraw-keys';
import { toCreateWithdrawalRequest, validateWithdraw, type WithdrawFormValues } from '../lib/withdraw-form';
import { withdrawPayoutPreview } from '../lib/withdraw-preview';

/** Live balance of each provider as the credit feature holds it (composed in by the route). */
export type ProviderBalances = Record<string, { amount: string | undefined; isFetching: boolean }>;

/** The player's promotion in use (composed in by the route): its game, title and target (THB). */
export type WithdrawPromotion = { provider: string; title: string; target: string };

/**
 * The withdraw form: provider, bank account, THB credit (or all of it); shows the LAK payout at the buy rate,
 * and on the game of a promotion in use, the target its credit must pass first (decision 0074).
 */
export function WithdrawForm({
  agency,
  bankAccounts,
  balances,
  onCreditTaken,
  onCreated,
  promotion = null,
}: {
  agency: TAgency;
  bankAccounts: TBankAccount[];
  balances: ProviderBalances;
  onCreditTaken: () => void;
  onCreated: (order: TWithdrawRecord) => void;
  promotion?: WithdrawPromotion | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: rates } = useExchangeRates();
  const create = useCreateWithdrawal({ onCreditTaken });
  const submission = useSubmissionKey();
  const [formError, setFormError] = useState<string | null>(null);
  const limits = { min: agency.limits.withdrawMin, max: agency.limits.withdrawMax };
  const shownLimits = { min: formatCurrency(limits.min, 'THB'), max: formatCurrency(limits.max, 'THB') };
  const form = useForm<WithdrawFormValues>({
    mode: 'controlled',
    initialValues: {
      // The game the player used last (deposit or withdrawal), so a returning player has one choice less.
      provider: readLastProvider() ?? '',
      bankAccountId: bankAccounts.length === 1 ? (bankAccounts[0]?.id ?? '') : '',
      credit: '',
    },
    validate: (values) =>
      validateWithdraw(values, {
        limits,
        bankAccountIds: bankAccounts.map((account) => account.id),
        balance: balances[values.provider]?.amount,
      }),
  });
  const balance = form.values.provider ? balances[form.values.provider] : undefined;
  const preview = withdrawPayoutPreview(form.values.credit, rates.rates);
  const error = (field: keyof WithdrawFormValues) =>
    orderFieldError(t, 'withdraw', field, form.errors[field], {
      ...shownLimits,
      balance: formatCurrency(balance?.amount ?? '0', 'THB'),
    });

  const submit = form.onSubmit(
    (values) => {
      setFormError(null);
      const body = toCreateWithdrawalRequest(values);
      // mutateAsync, not mutate's per-call callbacks: the new order's event re-reads the open withdrawals, which
      // can swap this form out before TanStack Query would run them, and it drops them for an unmounted form
      // (the page then never learned of the order it had just made).
      create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) }).then(
        ({ order }) => {
          submission.settle();
          rememberProvider(body.provider);
          onCreated(order);
        },
        (cause: unknown) => {
          submission.settle(cause);
          if (isApiError(cause) && cause.code === 'OPEN_ORDER') {
            void queryClient.invalidateQueries({ queryKey: withdrawKeys.openOrders() });
          }
          setFormError(orderErrorMessage(t, cause, 'withdraw'));
        },
      );
    },
    () => setFormError(null),
  );

  return (
    <Paper className="panel" p={{ base: 'md', sm: 'xl' }} radius="lg">
      <form onSubmit={submit} noValidate autoComplete="off" data-testid="withdraw-form">
        <Stack gap="md">
          <FormAlert message={formError} testId="withdraw-error" />
          {promotion && promotion.provider === form.values.provider ? (
            <Alert
              color="gold"
              variant="light"
              icon={<IconGift size={18} />}
              data-testid="withdraw-promotion-note"
            >
              {t('withdraw.promotionNote', {
                title: promotion.title,
                target: formatCurrency(promotion.target, 'THB'),
                current: balance?.amount ? formatCurrency(balance.amount, 'THB') : '…',
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
            description={
              balance
                ? t('withdraw.balance', {
                    amount: balance.isFetching ? '…' : formatCurrency(balance.amount ?? '0', 'THB'),
                  })
                : undefined
            }
            {...form.getInputProps('provider')}
            error={error('provider')}
            data-testid="withdraw-provider"
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
            data-testid="withdraw-bank-account"
          />
          <TextInput
            label={t('withdraw.credit')}
            description={t('withdraw.creditLimits', shownLimits)}
            name="credit"
            inputMode="decimal"
            autoComplete="transaction-amount"
            required
            leftSection={
              <Text size="sm" c="dimmed">
                ฿
              </Text>
            }
            rightSection={
              <Button
                size="compact-sm"
                variant="light"
                disabled={!balance?.amount || balance.isFetching}
                onClick={() => form.setFieldValue('credit', balance?.amount ?? '')}
                data-testid="withdraw-all"
              >
                {t('withdraw.all')}
              </Button>
            }
            rightSectionWidth={88}
            {...form.getInputProps('credit')}
            onChange={(event) =>
              form.setFieldValue('credit', normalizeCreditInput(event.currentTarget.value))
            }
            error={error('credit')}
          />
          <Group
            justify="space-between"
            className={classes.preview}
            data-testid="withdraw-preview"
            aria-live="polite"
          >
            <Text size="sm" c="dimmed">
              {t('withdraw.youWillReceive')}
            </Text>
            <Text fw={700} className="text-gold">
              {preview ? `≈ ${formatCurrency(preview, 'LAK')}` : '–'}
            </Text>
          </Group>
          <Button type="submit" size="md" loading={create.isPending} fullWidth data-testid="withdraw-submit">
            {t('withdraw.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
