import type { TPlayer } from '@lc/shared/contracts/players';
import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconDeposit } from '../icons';
import { AccountMenu } from './account-menu';

export { DesktopNav } from './desktop-nav';

/** Signed-in part of the top bar: the Deposit button (from md up) and the account menu. */
export function PlayerActions({
  player,
  onChangePassword,
  onLogout,
}: {
  player: TPlayer;
  onChangePassword: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        component={Link}
        to="/player/deposit"
        visibleFrom="md"
        leftSection={<IconDeposit size={18} />}
        data-testid="topbar-deposit"
      >
        {t('nav.deposit')}
      </Button>
      <AccountMenu player={player} onChangePassword={onChangePassword} onLogout={onLogout} />
    </>
  );
}
