import type { TOpsBankPayment } from '@lc/shared/contracts/ops-bank-payments';
import { PROVIDERS, type TProvider } from '@lc/shared/providers';
import { formatCurrency } from '@lc/ui/format-currency';
import { formatDateTime } from '@lc/ui/format-date';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PageSpinner } from '@/components/page-spinner';
import { useCreditBankPayment } from '../api/credit-bank-payment';
import { useCreditPreview } from '../api/get-credit-preview';

/**
 * Credit a payment to a provider. Prefilled from the payment's order (its provider; its player, named by
 * username), with the baht the credit will book shown before it is booked: the server's own figure (GET
 * credit-preview), at the rate the credit uses. A payment of no order also needs the player it belongs to.
 */
export function CreditPaymentModal({ payment, onClose }: { payment: TOpsBankPayment; onClose: () => void }) {
  const { t } = useTranslation();
  const credit = useCreditBankPayment();
  const [chosen, setChosen] = useState<TProvider | null>(null);
  const preview = useCreditPreview(payment.id, chosen);
  const figures = preview.data?.preview;
  const provider = chosen ?? figures?.provider ?? null;
  const [playerId, setPlayerId] = useState(payment.playerId ?? '');
  const needsPlayer = payment.depositCode === null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!provider) return;
    const body = needsPlayer ? { provider, playerId: playerId.trim() } : { provider };
    credit.mutate({ id: payment.id, body }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={t('bankPayments.creditTitle')} centered>
      <form onSubmit={submit} data-testid="credit-form">
        <Stack>
          <Text size="sm">
            {formatDateTime(payment.paidAt)} · {formatCurrency(payment.amount, 'LAK')}
            {payment.username ? ` · ${payment.username}` : ''}
          </Text>
          <Select
            label={t('provider')}
            name="provider"
            required
            data={PROVIDERS.map((value) => ({ value, label: t(`providers.${value}`) }))}
            value={provider}
            onChange={(value) => setChosen(value as TProvider | null)}
            description={!chosen && figures?.provider ? t('bankPayments.providerOfOrder') : undefined}
            data-testid="credit-provider"
          />
          {needsPlayer ? (
            <TextInput
              label={t('bankPayments.playerId')}
              name="playerId"
              required
              value={playerId}
              onChange={(event) => setPlayerId(event.currentTarget.value)}
            />
          ) : null}
          <ErrorAlert error={preview.error} />
          {figures ? (
            <Alert
              color="green"
              variant="light"
              title={t('bankPayments.creditToBook')}
              data-testid="credit-summary"
            >
              <Stack gap={4}>
                <Group gap="xs" align="baseline">
                  <Text size="xl" fw={700} className="lc-code" data-testid="credit-preview">
                    {formatCurrency(figures.total, 'THB')}
                  </Text>
                  {preview.isFetching ? <Loader size="xs" /> : null}
                </Group>
                <Text size="sm">
                  {t('bankPayments.creditAtRate', {
                    amount: formatCurrency(figures.amount, 'LAK'),
                    rate: figures.rate,
                  })}
                </Text>
                {figures.bonus !== '0.00' ? (
                  <Text size="sm">
                    {t('bankPayments.creditWithBonus', {
                      credit: formatCurrency(figures.credit, 'THB'),
                      bonus: formatCurrency(figures.bonus, 'THB'),
                    })}
                  </Text>
                ) : null}
                <Text size="sm" c="dimmed">
                  {figures.isNewDeposit
                    ? t('bankPayments.newDeposit')
                    : t('bankPayments.settlesOrder', { code: figures.depositCode })}
                </Text>
              </Stack>
            </Alert>
          ) : preview.isPending ? (
            <PageSpinner />
          ) : null}
          <ErrorAlert error={credit.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button
              type="submit"
              loading={credit.isPending}
              disabled={!provider || !figures || preview.isFetching}
              data-testid="credit-submit"
            >
              {t('bankPayments.credit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
