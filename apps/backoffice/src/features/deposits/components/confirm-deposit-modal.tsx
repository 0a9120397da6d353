import type { TOpsDeposit } from '@lc/shared/contracts/ops-deposits';
import { formatCurrency } from '@lc/ui/format-currency';
import { formatDateTime } from '@lc/ui/format-date';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PageSpinner } from '@/components/page-spinner';
import { useConfirmDeposit } from '../api/confirm-deposit';
import { useDepositPayments } from '../api/get-deposit-payments';

/**
 * Confirm a deposit with a payment of its bill, picked from a list (time, amount, status) of what the bank
 * reported for it: no id to type or look up elsewhere. Payments Confirm cannot take (refunded, settled to
 * another order) are listed but not selectable; the only one that can is chosen already.
 */
export function ConfirmDepositModal({ deposit, onClose }: { deposit: TOpsDeposit; onClose: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmDeposit();
  const payments = useDepositPayments(deposit.code);
  const items = payments.data?.items ?? [];
  const confirmable = items.filter((p) => p.confirmable);
  const [picked, setPicked] = useState<string | null>(null);
  const paymentId = picked ?? (confirmable.length === 1 ? (confirmable[0]?.id ?? null) : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!paymentId) return;
    confirm.mutate({ code: deposit.code, paymentId }, { onSuccess: onClose });
  };
  const options = items.map((p) => ({
    value: p.id,
    label: [
      formatDateTime(p.paidAt),
      formatCurrency(p.amount, 'LAK'),
      t(`status.${p.status}`),
      p.reason ? t(`bankPayments.reasons.${p.reason}`) : null,
    ]
      .filter(Boolean)
      .join(' · '),
    disabled: !p.confirmable,
  }));
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('deposits.confirmTitle', { code: deposit.code })}
      centered
      size="lg"
    >
      <form onSubmit={submit} data-testid="confirm-form">
        <Stack>
          <Text size="sm">
            {t('deposits.confirmOrder', {
              username: deposit.username,
              amount: formatCurrency(deposit.amount, 'LAK'),
            })}
          </Text>
          <ErrorAlert error={payments.error} />
          {payments.isPending ? <PageSpinner /> : null}
          {payments.isSuccess && items.length === 0 ? (
            <Alert color="yellow" data-testid="confirm-no-payments">
              {t('deposits.noPayments')}
            </Alert>
          ) : null}
          {items.length > 0 ? (
            <Select
              label={t('deposits.payment')}
              description={t('deposits.paymentHint')}
              placeholder={t('deposits.pickPayment')}
              data={options}
              value={paymentId}
              onChange={setPicked}
              required
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="confirm-payment"
            />
          ) : null}
          <ErrorAlert error={confirm.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button
              type="submit"
              loading={confirm.isPending}
              disabled={!paymentId}
              data-testid="confirm-submit"
            >
              {t('deposits.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
