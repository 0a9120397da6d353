import { Button, Stack, Tabs } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PromptModal } from '@/components/prompt-modal';
import { useCan } from '@/components/role-gate';
import { useSetPlayerBlocked } from '../api/block-player';
import { usePlayer } from '../api/get-player';
import { PlayerAudit } from './player-audit';
import { PlayerBalances } from './player-balances';
import { PlayerDevices } from './player-devices';
import { PlayerLedger } from './player-ledger';
import { PlayerNotes } from './player-notes';
import { PlayerOrders } from './player-orders';
import { PlayerProfile } from './player-profile';
import { PlayerSessions } from './player-sessions';
import { PlayerUsages } from './player-usages';

/** The parts of a player's page, one tab each; the open one is kept in the URL (`?tab=`). */
export const PLAYER_TABS = [
  'balances',
  'orders',
  'usages',
  'ledger',
  'sessions',
  'devices',
  'notes',
  'audit',
] as const;
export type TPlayerTab = (typeof PLAYER_TABS)[number];

const PANELS: Record<TPlayerTab, (props: { playerId: string }) => ReactNode> = {
  balances: PlayerBalances,
  orders: PlayerOrders,
  usages: PlayerUsages,
  ledger: PlayerLedger,
  sessions: PlayerSessions,
  devices: PlayerDevices,
  notes: PlayerNotes,
  audit: PlayerAudit,
};

/** Block from promotions or lift it (cashier+), with an optional reason kept in the audit log. */
function BlockButton({ playerId, isBlocked }: { playerId: string; isBlocked: boolean }) {
  const { t } = useTranslation();
  const canBlock = useCan('cashier');
  const mutation = useSetPlayerBlocked(playerId);
  const [isOpen, setIsOpen] = useState(false);
  if (!canBlock) return null;
  const close = () => {
    setIsOpen(false);
    mutation.reset();
  };
  return (
    <>
      <Button
        variant="light"
        color={isBlocked ? 'teal' : 'red'}
        onClick={() => setIsOpen(true)}
        data-testid="block-toggle"
      >
        {t(isBlocked ? 'players.unblock' : 'players.block')}
      </Button>
      {isOpen ? (
        <PromptModal
          title={t(isBlocked ? 'players.unblockTitle' : 'players.blockTitle')}
          label={t('reason')}
          submitLabel={t(isBlocked ? 'players.unblock' : 'players.block')}
          color={isBlocked ? undefined : 'red'}
          isPending={mutation.isPending}
          error={mutation.error}
          onSubmit={(reason) => mutation.mutate({ isBlocked: !isBlocked, reason }, { onSuccess: close })}
          onClose={close}
        />
      ) : null}
    </>
  );
}

/**
 * A player's page: the profile, then one tab per part (balances, orders, promotion usages, ledger, sessions,
 * devices, notes, audit). Each part loads when its tab opens. `actions` are the route's (request an adjustment).
 */
export function PlayerPage({
  playerId,
  tab,
  onTabChange,
  actions,
}: {
  playerId: string;
  tab: TPlayerTab;
  onTabChange: (tab: TPlayerTab) => void;
  actions?: (player: { id: string; username: string }) => ReactNode;
}) {
  const { t } = useTranslation();
  const player = usePlayer(playerId);
  const Panel = PANELS[tab];
  return (
    <Stack>
      <PageHeader title={t('players.title', { username: player.username })}>
        <BlockButton playerId={player.id} isBlocked={player.blocked} />
        {actions?.({ id: player.id, username: player.username })}
      </PageHeader>
      <PlayerProfile player={player} />
      <Tabs value={tab} onChange={(value) => value && onTabChange(value as TPlayerTab)} keepMounted={false}>
        <Tabs.List>
          {PLAYER_TABS.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`player-tab-${value}`}>
              {t(`players.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab} pt="md">
          <Panel playerId={player.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
