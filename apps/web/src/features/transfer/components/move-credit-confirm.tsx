import type { TCreateTransferRequest } from '@lc/shared/contracts/transfers';
import { formatCurrency } from '@lc/ui/format-currency';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import orderClasses from '@/features/orders/components/order-ui.module.css';
import { balancesAfter } from '../lib/transfer-form';
import type { TransferBalances } from './move-credit-dialog';
import classes from './transfer.module.css';

/**
 * The second step: what will happen, in one sentence, and the two balances afterwards; Confirm sends it.
 * The heading takes the focus, so a screen reader reads the step (the Continue button pressed is gone).
 */
export function MoveCreditConfirm({
  body,
  balances,
  isSending,
  onBack,
  onConfirm,
}: {
  body: TCreateTransferRequest;
  balances: TransferBalances;
  isSending: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const name = (provider: string) => t(`providers.${provider}`);
  const after = balancesAfter(balances[body.from]?.amount, balances[body.to]?.amount, body.amount);
  const rows = after
    ? [
        { provider: body.from, before: balances[body.from]?.amount, after: after.from },
        { provider: body.to, before: balances[body.to]?.amount, after: after.to },
      ]
    : [];
  return (
    <Stack gap="md" data-testid="transfer-confirm-step">
      <Title order={3} size="h4" ref={heading} tabIndex={-1}>
        {t('transfer.confirmTitle')}
      </Title>
      <Text data-testid="transfer-summary">
        {t('transfer.confirmBody', {
          amount: formatCurrency(body.amount, 'THB'),
          from: name(body.from),
          to: name(body.to),
        })}
      </Text>
      {rows.length > 0 ? (
        <div className={orderClasses.preview}>
          <Text size="xs" c="dimmed" fw={700} mb={4}>
            {t('transfer.after')}
          </Text>
          <dl className={classes.after}>
            {rows.map((row) => (
              <div key={row.provider}>
                <dt>{name(row.provider)}</dt>
                <dd>
                  {formatCurrency(row.before ?? '0', 'THB')} →{' '}
                  <strong>{formatCurrency(row.after, 'THB')}</strong>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      <Group grow gap="sm">
        <Button variant="default" onClick={onBack} disabled={isSending} data-testid="transfer-back">
          {t('common.back')}
        </Button>
        <Button onClick={onConfirm} loading={isSending} data-testid="transfer-confirm">
          {t('transfer.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
