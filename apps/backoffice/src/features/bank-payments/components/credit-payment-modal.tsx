import type { TOpsBankPayment } from '@lc/shared/contracts/ops-bank-payments';
import { PROVIDERS, type TProvider } from '@lc/shared/providers';
import { formatCurrency } from '@lc/ui/format-currency';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { useCreditBankPayment } from '../api/credit-bank-payment';

/** Credit a payment to a provider; a payment of no order also needs the player it belongs to. */
export function CreditPaymentModal({ payment, onClose }: { payment: TOpsBankPayment; onClose: () => void }) {
  const { t } = useTranslation();
  const credit = useCreditBankPayment();
  const [provider, setProvider] = useState<TProvider | null>(null);
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
            {payment.billNumber} · {formatCurrency(payment.amount, 'LAK')}
          </Text>
          <Select
            label={t('provider')}
            name="provider"
            required
            data={PROVIDERS.map((value) => ({ value, label: t(`providers.${value}`) }))}
            value={provider}
            onChange={(value) => setProvider(value as TProvider | null)}
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
          <ErrorAlert error={credit.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={credit.isPending} disabled={!provider} data-testid="credit-submit">
              {t('bankPayments.credit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
