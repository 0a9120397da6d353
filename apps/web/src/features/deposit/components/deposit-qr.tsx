import type { TDepositRecord } from '@lc/shared/contracts/deposits';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { IconHourglass, IconInfo } from '@/components/icons';
import classes from '@/features/orders/components/order-ui.module.css';
import { orderErrorMessage } from '@/features/orders/lib/order-error';
import { orderStatusLabelKey } from '@/features/orders/lib/order-status';
import { isApiError } from '@/lib/api-client';
import { formatCurrency } from '@/lib/format-currency';
import { useCancelDeposit } from '../api/cancel-deposit';
import { useCheckDeposit, useDepositProgress } from '../api/check-deposit';
import { useDepositLaoQr } from '../api/get-deposit-laoqr';
import { useSandboxPay } from '../api/sandbox-pay';
import { useNow } from '../hooks/use-now';
import { formatCountdown, secondsUntil } from '../lib/countdown';

type Notice = { kind: 'notPaid' | 'alreadyPaid' | 'sandboxPaid' | 'ended'; text: string };

/**
 * The QR of an open deposit: scan, then Check. PAID is followed until SUCCESS; Cancel works until the bank
 * has the payment. In sandbox mode a button pays the QR as a banking app would (the player still presses Check).
 */
export function DepositQr({
  order,
  isSandbox,
  onCompleted,
  onClosed,
}: {
  order: TDepositRecord;
  isSandbox: boolean;
  onCompleted: (order: TDepositRecord) => void;
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const qr = useDepositLaoQr(order.code);
  const check = useCheckDeposit();
  const cancel = useCancelDeposit();
  const sandboxPay = useSandboxPay();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isCrediting, setIsCrediting] = useState(order.status === 'PAID');
  const settled = useDepositProgress(order.code, isCrediting);
  const seconds = secondsUntil(qr.data.expiresAt ?? order.expires_at, useNow(1000, !isCrediting));
  const isExpired = seconds === 0 && !isCrediting;

  useEffect(() => {
    const latest = settled;
    if (!latest) return;
    if (latest.status === 'SUCCESS') onCompleted(latest);
    else if (latest.status !== 'PAID') {
      setIsCrediting(false);
      setNotice({
        kind: 'ended',
        text: t('deposit.ended', { status: t(orderStatusLabelKey(latest.status)) }),
      });
    }
  }, [settled, onCompleted, t]);

  const runCheck = () => {
    setNotice(null);
    setFailure(null);
    check.mutate(order.code, {
      onSuccess: ({ order: latest }) => {
        if (latest.status === 'SUCCESS') onCompleted(latest);
        else setIsCrediting(true);
      },
      onError: (cause) => {
        if (isApiError(cause) && cause.code === 'DEPOSIT_NOT_PAID') {
          setNotice({ kind: 'notPaid', text: t('errors:DEPOSIT_NOT_PAID') });
        } else if (isApiError(cause) && cause.code === 'ORDER_NOT_OPEN') {
          // Expired or cancelled meanwhile: back to the form (the open orders are re-read).
          onClosed();
        } else setFailure(orderErrorMessage(t, cause, 'deposit'));
      },
    });
  };

  const runCancel = () => {
    setNotice(null);
    setFailure(null);
    cancel.mutate(order.code, {
      onSuccess: onClosed,
      onError: (cause) => {
        if (isApiError(cause) && cause.code === 'DEPOSIT_ALREADY_PAID') {
          setNotice({ kind: 'alreadyPaid', text: t('errors:DEPOSIT_ALREADY_PAID') });
        } else if (isExpired || (isApiError(cause) && cause.code === 'ORDER_NOT_OPEN')) {
          // The server has closed the order already (expired, or cancelled elsewhere): re-read the open orders.
          onClosed();
        } else setFailure(orderErrorMessage(t, cause, 'deposit'));
      },
    });
  };

  const runSandboxPay = () => {
    setNotice(null);
    setFailure(null);
    sandboxPay.mutate(
      { payload: qr.data.payload, amount: qr.data.amount },
      {
        onSuccess: () => setNotice({ kind: 'sandboxPaid', text: t('deposit.sandboxPaid') }),
        onError: (cause) => setFailure(orderErrorMessage(t, cause, 'deposit')),
      },
    );
  };

  const qrLabel = t('deposit.qrLabel', { amount: formatCurrency(qr.data.amount, 'LAK') });
  const isBusy = check.isPending || cancel.isPending || sandboxPay.isPending;

  return (
    <Paper
      className="panel"
      p={{ base: 'md', sm: 'xl' }}
      radius="lg"
      data-testid="deposit-qr"
      data-code={order.code}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <Stack align="center" gap="sm">
          <div className={classes.qrFrame} data-expired={isExpired || undefined}>
            <QRCodeSVG
              value={qr.data.payload}
              size={224}
              level="M"
              marginSize={2}
              title={qrLabel}
              role="img"
              aria-label={qrLabel}
              data-testid="deposit-qr-image"
              data-payload={qr.data.payload}
            />
          </div>
          <Text size="sm" c="dimmed" ta="center">
            {t('deposit.scanQr')}
          </Text>
        </Stack>

        <Stack gap="md">
          <div>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              {t('deposit.amountToPay')}
            </Text>
            <Text className={`${classes.bigAmount} text-gold`} data-testid="deposit-qr-amount">
              {formatCurrency(qr.data.amount, 'LAK')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('deposit.creditAfterPaying', { credit: formatCurrency(order.credit, 'THB') })}
            </Text>
          </div>
          <SimpleGrid cols={2} spacing="sm">
            <Detail label={t('orders.code')} value={order.code} testId="deposit-code" />
            <Detail label={t('deposit.merchant')} value={qr.data.merchantName} />
            <Detail label={t('orders.provider')} value={t(`providers.${order.game_provider}`)} />
            {seconds !== null && !isCrediting ? (
              <div>
                <Text size="xs" c="dimmed" fw={700} tt="uppercase">
                  {t('deposit.expiresIn')}
                </Text>
                <Group gap={6} wrap="nowrap">
                  <IconHourglass size={16} className={isExpired ? undefined : 'text-gold'} />
                  <Text fw={700} ff="monospace" data-testid="deposit-countdown" aria-live="off">
                    {formatCountdown(seconds)}
                  </Text>
                </Group>
              </div>
            ) : null}
          </SimpleGrid>

          {isCrediting ? (
            <Alert
              color="yellow"
              variant="light"
              icon={<Loader size={16} color="yellow" />}
              data-testid="deposit-crediting"
            >
              {t('deposit.crediting')}
            </Alert>
          ) : null}
          {isExpired ? (
            <Alert
              color="gray"
              variant="light"
              icon={<IconHourglass size={18} />}
              data-testid="deposit-expired"
            >
              {t('deposit.expired')}
            </Alert>
          ) : null}
          {notice ? (
            <Alert
              color={notice.kind === 'sandboxPaid' ? 'teal' : notice.kind === 'notPaid' ? 'yellow' : 'orange'}
              variant="light"
              icon={<IconInfo size={18} />}
              role="status"
              data-testid="deposit-message"
              data-kind={notice.kind}
            >
              {notice.text}
            </Alert>
          ) : null}
          <FormAlert message={failure} testId="deposit-error" />

          {isCrediting ? null : (
            <Stack gap="xs">
              {isSandbox && !isExpired ? (
                <Button
                  variant="outline"
                  color="teal"
                  onClick={runSandboxPay}
                  loading={sandboxPay.isPending}
                  disabled={isBusy}
                  data-testid="sandbox-pay"
                >
                  {t('deposit.sandboxPay')}
                </Button>
              ) : null}
              <Button
                size="md"
                onClick={runCheck}
                loading={check.isPending}
                disabled={isBusy}
                data-testid="deposit-check"
              >
                {t('deposit.check')}
              </Button>
              <Button
                variant="subtle"
                color={isExpired ? 'yellow' : 'red'}
                onClick={runCancel}
                loading={cancel.isPending}
                disabled={isBusy}
                data-testid={isExpired ? 'deposit-new' : 'deposit-cancel'}
              >
                {isExpired ? t('deposit.newDeposit') : t('deposit.cancel')}
              </Button>
              <Text size="xs" c="dimmed">
                {t('deposit.contactStaffAfterPaying')}
              </Text>
            </Stack>
          )}
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

function Detail({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
