import type { TDepositRecord } from '@lc/shared/contracts/deposits';
import { isApiError, isNetworkError } from '@lc/ui/api-client';
import { formatCurrency } from '@lc/ui/format-currency';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { FormAlert, FormNotice } from '@/components/form-alert';
import { IconHourglass, IconInfo } from '@/components/icons';
import classes from '@/features/orders/components/order-ui.module.css';
import { orderErrorMessage } from '@/features/orders/lib/order-error';
import { orderStatusLabelKey } from '@/features/orders/lib/order-status';
import { useRetryWhenOnline } from '@/lib/network-status';
import { useCancelDeposit } from '../api/cancel-deposit';
import { checkDeposit, useCheckDeposit, useDepositProgress } from '../api/check-deposit';
import { useDepositLaoQr } from '../api/get-deposit-laoqr';
import { useSandboxPay } from '../api/sandbox-pay';
import { useDepositEvents } from '../hooks/use-deposit-events';
import { useNow } from '../hooks/use-now';
import { formatCountdown, secondsUntil } from '../lib/countdown';
import { DepositQrImage } from './deposit-qr-image';
import { DepositReview } from './deposit-review';

type Notice = { kind: 'notPaid' | 'alreadyPaid' | 'sandboxPaid' | 'ended'; text: string };

/**
 * The QR of an open deposit: scan (or save, share, copy amount and code to pay from this phone), then Check.
 * PAID is followed until SUCCESS; Cancel works until the bank has the payment. The order's events turn the
 * screen to SUCCESS by themselves (Check stays, for a player who wants to ask). In sandbox mode a button pays
 * the QR as a banking app would.
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
  // Paid, and its payment waits for staff (another amount, paid twice): no credit comes by itself.
  const [reviewed, setReviewed] = useState<TDepositRecord | null>(
    order.status === 'PAID' && order.review !== null ? order : null,
  );
  const [isCrediting, setIsCrediting] = useState(order.status === 'PAID' && reviewed === null);
  const isPaid = isCrediting || reviewed !== null;
  const settled = useDepositProgress(order.code, isCrediting);
  const seconds = secondsUntil(qr.data.expiresAt ?? order.expires_at, useNow(1000, !isPaid));
  const isExpired = seconds === 0 && !isPaid;
  // The events, the re-checks and Check may all learn of the credit: the page hears of it once.
  const isCompleted = useRef(false);
  const complete = useCallback(
    (latest: TDepositRecord) => {
      if (isCompleted.current) return;
      isCompleted.current = true;
      onCompleted(latest);
    },
    [onCompleted],
  );
  const showEnded = useCallback(
    (status: TDepositRecord['status']) => {
      setIsCrediting(false);
      setNotice({ kind: 'ended', text: t('deposit.ended', { status: t(orderStatusLabelKey(status)) }) });
    },
    [t],
  );
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  // A paid order: credited, being credited, or waiting for staff (then it says what was paid and why).
  const follow = useCallback(
    (latest: TDepositRecord) => {
      if (latest.status === 'SUCCESS') complete(latest);
      else if (latest.review !== null && latest.status === 'PAID') {
        setIsCrediting(false);
        setReviewed(latest);
      } else if (latest.status === 'PAID') setIsCrediting(true);
      else showEnded(latest.status);
    },
    [complete, showEnded],
  );

  useEffect(() => {
    if (settled) follow(settled);
  }, [settled, follow]);

  // Asks quietly (no notice, no busy buttons) how the order stands after an event said it moved.
  const followUp = async () => {
    try {
      const { order: latest } = await checkDeposit(order.code);
      follow(latest);
    } catch (cause) {
      if (isApiError(cause) && cause.code === 'ORDER_NOT_OPEN' && !isExpired) onClosed();
      // DEPOSIT_NOT_PAID: still open and unpaid; anything else: the next event or Check tells.
    }
  };
  useDepositEvents(order.code, !isPaid && !isExpired, (status) => {
    if (status === null || status === 'SUCCESS') void followUp();
    else if (status === 'PAID' && reviewed === null) void followUp();
    else if (status === 'CANCELED') {
      // Expired while shown: the expired notice and its "new deposit" button stay.
      if (!isExpired) onClosed();
    } else if (status === 'FAILED' || status === 'REJECTED') showEnded(status);
  });

  // A Check that got no answer (offline) is asked again when the network is back (decision 0075).
  const [isCheckOffline, setIsCheckOffline] = useState(false);
  const runCheck = () => {
    setNotice(null);
    setFailure(null);
    setIsCheckOffline(false);
    check.mutate(order.code, {
      onSuccess: ({ order: latest }) => follow(latest),
      onError: (cause) => {
        if (isApiError(cause) && cause.code === 'DEPOSIT_NOT_PAID') {
          setNotice({ kind: 'notPaid', text: t('errors:DEPOSIT_NOT_PAID') });
        } else if (isApiError(cause) && cause.code === 'ORDER_NOT_OPEN') {
          // Expired or cancelled meanwhile: back to the form (the open orders are re-read).
          onClosed();
        } else {
          setFailure(orderErrorMessage(t, cause, 'deposit'));
          setIsCheckOffline(isNetworkError(cause));
        }
      },
    });
  };
  useRetryWhenOnline(isCheckOffline, runCheck);

  const runCancel = () => {
    setNotice(null);
    setFailure(null);
    cancel.mutate(order.code, {
      onSuccess: onClosed,
      onError: (cause) => {
        if (isApiError(cause) && cause.code === 'DEPOSIT_ALREADY_PAID') {
          setNotice({ kind: 'alreadyPaid', text: t('errors:DEPOSIT_ALREADY_PAID') });
          // Paid meanwhile: what was paid, and whether it waits for staff, shows at once.
          void followUp();
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

  const shownAmount = formatCurrency(qr.data.amount, 'LAK');
  const qrLabel = t('deposit.qrLabel', { amount: shownAmount });
  const isBusy = check.isPending || cancel.isPending || sandboxPay.isPending;

  return (
    <Paper
      className="panel"
      p={{ base: 'md', sm: 'xl' }}
      radius="lg"
      data-testid="deposit-qr"
      data-code={order.code}
    >
      {/* Where focus lands when the QR appears, so a keyboard or screen-reader user starts here. */}
      <Title
        order={2}
        size="h4"
        ref={heading}
        tabIndex={-1}
        mb="sm"
        ta={{ base: 'center', sm: 'left' }}
        data-testid="deposit-qr-heading"
      >
        {t('deposit.qrHeading')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={{ base: 'sm', sm: 'xl' }}>
        <Stack align="center" gap="xs">
          <DepositQrImage
            payload={qr.data.payload}
            code={order.code}
            label={qrLabel}
            shareText={t('deposit.paidAmount', { amount: shownAmount, code: order.code })}
            isExpired={isExpired}
          />
          <Text size="sm" c="dimmed" ta="center" visibleFrom="sm">
            {t('deposit.scanQr')}
          </Text>
        </Stack>

        <Stack gap="sm">
          {/* What a banking app asks for, each one tap from the clipboard; then Check, before any detail. */}
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed" fw={700} tt="uppercase">
                {t('deposit.amountToPay')}
              </Text>
              <Text className={`${classes.bigAmount} text-gold`} data-testid="deposit-qr-amount">
                {shownAmount}
              </Text>
            </div>
            <CopyButton value={qr.data.amount} label={t('deposit.copyAmount')} testId="deposit-copy-amount" />
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Detail label={t('orders.code')} value={order.code} testId="deposit-code" isCode />
            <CopyButton value={order.code} label={t('deposit.copyCode')} testId="deposit-copy-code" />
          </Group>

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
          {reviewed ? <DepositReview order={reviewed} onNewDeposit={onClosed} /> : null}
          {isPaid ? null : (
            <Button
              size="md"
              onClick={runCheck}
              loading={check.isPending}
              disabled={isBusy}
              data-testid="deposit-check"
            >
              {t('deposit.check')}
            </Button>
          )}
          <FormNotice
            message={notice?.text ?? null}
            color={notice?.kind === 'sandboxPaid' ? 'teal' : notice?.kind === 'notPaid' ? 'yellow' : 'orange'}
            icon={<IconInfo size={18} />}
            testId="deposit-message"
            kind={notice?.kind}
          />
          <FormAlert message={failure} testId="deposit-error" />

          <Text size="sm" c="dimmed">
            {t('deposit.creditAfterPaying', { credit: formatCurrency(order.credit, 'THB') })}
          </Text>
          <SimpleGrid cols={2} spacing="sm">
            <Detail label={t('deposit.merchant')} value={qr.data.merchantName} />
            <Detail label={t('orders.provider')} value={t(`providers.${order.game_provider}`)} />
            {seconds !== null && !isPaid ? (
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

          {isPaid ? null : (
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

function Detail({
  label,
  value,
  testId,
  isCode = false,
}: {
  label: string;
  value: string;
  testId?: string;
  isCode?: boolean;
}) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text
        fw={600}
        className={isCode ? 'order-code' : undefined}
        style={isCode ? undefined : { overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {value}
      </Text>
    </div>
  );
}
