import { formatCurrency } from '@lc/ui/format-currency';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { depositsQueryOptions } from '@/features/deposit/api/get-deposits';
import { sessionsQueryOptions } from '@/features/security/api/get-sessions';
import { withdrawalsQueryOptions } from '@/features/withdraw/api/get-withdrawals';
import { useRealityCheckSetting } from '../hooks/use-reality-check-setting';
import { netDepositsToday } from '../lib/net-deposits-today';
import { nextRealityCheckAt } from '../lib/reality-check-setting';

// A day's orders fit in one page for any player this product expects; more would only understate the net.
const TODAY_PAGE_SIZE = 100;

type Shown = { playedMs: number; net: string };

/**
 * The reality check (api.md): while the player is signed in and chose an interval, a dialog every 30 or 60
 * minutes of this session with the time played (since this session signed in) and today's net deposits.
 */
export function RealityCheck() {
  const minutes = useRealityCheckSetting();
  const queryClient = useQueryClient();
  const sessions = useQuery({ ...sessionsQueryOptions(), enabled: minutes > 0 });
  const signedInAt = sessions.data?.sessions.find((s) => s.current)?.createdAt;
  const [shown, setShown] = useState<Shown | null>(null);
  const [lastShownAt, setLastShownAt] = useState(() => Date.now());

  useEffect(() => {
    if (minutes === 0 || !signedInAt || shown) return;
    const start = Date.parse(signedInAt);
    const dueAt = nextRealityCheckAt(start, minutes, lastShownAt);
    const timer = window.setTimeout(
      async () => {
        const now = new Date();
        const [deposits, withdrawals] = await Promise.all([
          queryClient.fetchQuery(depositsQueryOptions(1, TODAY_PAGE_SIZE)),
          queryClient.fetchQuery(withdrawalsQueryOptions(1, TODAY_PAGE_SIZE)),
        ]).catch(() => [null, null]);
        setLastShownAt(now.getTime());
        setShown({
          playedMs: now.getTime() - start,
          net: deposits && withdrawals ? netDepositsToday(deposits.items, withdrawals.items, now) : '',
        });
      },
      Math.max(0, dueAt - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [minutes, signedInAt, shown, lastShownAt, queryClient]);

  return shown ? <RealityCheckDialog shown={shown} onClose={() => setShown(null)} /> : null;
}

function RealityCheckDialog({ shown, onClose }: { shown: Shown; onClose: () => void }) {
  const { t } = useTranslation();
  const totalMinutes = Math.floor(shown.playedMs / 60_000);
  const duration = t('playLimits.realityCheck.duration', {
    h: Math.floor(totalMinutes / 60),
    m: totalMinutes % 60,
  });
  return (
    <Modal opened onClose={onClose} title={t('playLimits.realityCheck.modalTitle')} centered>
      <Stack gap="sm" data-testid="reality-check">
        <Text>{t('playLimits.realityCheck.played', { duration })}</Text>
        {shown.net === '' ? null : (
          <Text>{t('playLimits.realityCheck.net', { amount: formatCurrency(shown.net, 'LAK') })}</Text>
        )}
        <Group justify="space-between" mt="sm">
          <Anchor component={Link} to="/player/limits" onClick={onClose} size="sm">
            {t('playLimits.realityCheck.setLimits')}
          </Anchor>
          <Button onClick={onClose} data-testid="reality-check-continue">
            {t('playLimits.realityCheck.continue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
