import type { TPromotionUsage } from '@lc/shared/contracts/promotions';
import { formatCurrency } from '@lc/ui/format-currency';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelUsage } from '../api/cancel-usage';
import { useRecheckUsage } from '../api/recheck-usage';
import { promotionErrorMessage } from '../lib/promotion-error';
import { isLiveUsage } from '../lib/usage-status';
import classes from './promotions.module.css';
import { UsageStatusChip } from './usage-status-chip';

/**
 * The player's promotion in use: its state (waiting for the deposit, or in use with the target to reach),
 * Recheck, and Cancel behind a confirmation (a USED cancel takes the unspent bonus back).
 */
export function UsageControls({
  usage,
  onUsageChanged,
  onNotice,
  onError,
}: {
  usage: TPromotionUsage;
  onUsageChanged?: () => void;
  onNotice: (message: string) => void;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const cancel = useCancelUsage({ onUsageChanged });
  const recheck = useRecheckUsage({ onUsageChanged });
  const [isConfirming, setIsConfirming] = useState(false);
  const provider = t(`providers.${usage.provider}`);
  const isBusy = cancel.isPending || recheck.isPending;

  // mutateAsync, not mutate callbacks: a cancel or an ended recheck unmounts these controls (the usage is no
  // longer in use) before per-call callbacks would run, and the message must still reach the card.
  const confirmCancel = () => {
    onError(null);
    cancel.mutateAsync(usage.usageId).then(
      () => onNotice(t('promotion.cancelSuccess')),
      (cause: unknown) => {
        setIsConfirming(false);
        onError(promotionErrorMessage(t, cause));
      },
    );
  };
  const runRecheck = () => {
    onError(null);
    recheck.mutateAsync().then(
      (answer) =>
        onNotice(isLiveUsage(answer.usage) ? t('promotion.recheckInUse') : t('promotion.recheckEnded')),
      (cause: unknown) => onError(promotionErrorMessage(t, cause)),
    );
  };

  return (
    <Stack gap="sm" className={classes.usage} data-testid="promotion-usage" data-usage-id={usage.usageId}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={700}>
          {provider}
        </Text>
        <UsageStatusChip status={usage.status} />
      </Group>
      {usage.status === 'USED' ? (
        <>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t('promotion.bonusReceived')}
            </Text>
            <Text size="sm" fw={700} className={classes.bonus}>
              +{formatCurrency(usage.bonus, 'THB')}
            </Text>
          </Group>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t('promotion.target')}
            </Text>
            <Text size="sm" fw={700} data-testid="usage-target">
              {formatCurrency(usage.targetCredit, 'THB')}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('promotion.inUseNote', { provider, target: formatCurrency(usage.targetCredit, 'THB') })}
          </Text>
        </>
      ) : (
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">
            {t('promotion.waitingDeposit', { amount: formatCurrency(usage.depositAmount, 'LAK'), provider })}
          </Text>
          <Button component={Link} to="/player/deposit" size="xs" data-testid="promotion-deposit-link">
            {t('promotion.depositNow')}
          </Button>
        </Group>
      )}
      {isConfirming ? (
        <Stack gap="xs" role="group" aria-label={t('promotion.confirmCancel')}>
          <Text size="sm" fw={700}>
            {t('promotion.confirmCancel')}
          </Text>
          {usage.status === 'USED' ? (
            <Text size="xs" c="dimmed">
              {t('promotion.confirmCancelUsed')}
            </Text>
          ) : null}
          <Group gap="xs" grow>
            <Button
              color="red"
              size="xs"
              loading={cancel.isPending}
              onClick={confirmCancel}
              data-testid="promotion-cancel-confirm"
            >
              {t('promotion.confirmCancelYes')}
            </Button>
            <Button
              variant="default"
              size="xs"
              disabled={cancel.isPending}
              onClick={() => setIsConfirming(false)}
            >
              {t('promotion.keep')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group gap="xs" grow>
          <Button
            variant="light"
            size="xs"
            loading={recheck.isPending}
            disabled={isBusy && !recheck.isPending}
            onClick={runRecheck}
            data-testid="promotion-recheck"
          >
            {t('promotion.recheck')}
          </Button>
          <Button
            variant="outline"
            color="red"
            size="xs"
            disabled={isBusy}
            onClick={() => setIsConfirming(true)}
            data-testid="promotion-cancel"
          >
            {t('promotion.cancel')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
