import type { TTransferRecord } from '@lc/shared/contracts/transfers';
import { formatCurrency } from '@lc/ui/format-currency';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconHourglass, IconRefresh } from '@/components/icons';
import classes from './transfer.module.css';

const ICONS = { SUCCESS: IconCheck, PENDING: IconHourglass, RETURNED: IconRefresh } as const;
type ShownStatus = keyof typeof ICONS;

/**
 * The last step: done (SUCCESS), on its way and finished by the server (PENDING), or back at the source
 * (RETURNED). The dialog follows a PENDING transfer's events, so this turns to its outcome while open.
 */
export function MoveCreditResult({ transfer, onClose }: { transfer: TTransferRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus on the outcome when it is first shown (the Confirm button pressed is gone), not again on updates.
  useEffect(() => heading.current?.focus(), []);
  // The POST answers SUCCESS, PENDING or RETURNED; anything else (a later FAILED) reads as under way.
  const status: ShownStatus = transfer.status in ICONS ? (transfer.status as ShownStatus) : 'PENDING';
  const Icon = ICONS[status];
  const values = {
    amount: formatCurrency(transfer.amount, 'THB'),
    from: t(`providers.${transfer.from}`),
    to: t(`providers.${transfer.to}`),
  };
  return (
    <Stack
      align="center"
      ta="center"
      gap="sm"
      data-testid="transfer-result"
      data-status={transfer.status}
      data-code={transfer.reference}
      aria-live="polite"
    >
      <span className={classes.statusIcon} data-status={status} aria-hidden>
        <Icon size={32} />
      </span>
      <Title order={3} size="h4" ref={heading} tabIndex={-1}>
        {t(`transfer.result.${status}.title`)}
      </Title>
      <Text c="dimmed">{t(`transfer.result.${status}.body`, values)}</Text>
      <Text size="sm" c="dimmed" className={classes.reference}>
        {transfer.reference}
      </Text>
      <Stack gap="sm" w="100%" mt="sm">
        <Button onClick={onClose} data-testid="transfer-close">
          {t('common.close')}
        </Button>
        <Button
          component={Link}
          to="/player/transfer/history"
          variant="light"
          data-testid="transfer-history-link"
        >
          {t('transfer.viewHistory')}
        </Button>
      </Stack>
    </Stack>
  );
}
