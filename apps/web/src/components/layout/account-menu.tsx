import type { TPlayer } from '@lc/shared/contracts/players';
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconBank, IconChevronDown, IconHourglass, IconKey, IconLogout, IconShield } from '../icons';

export function AccountMenu({
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
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <UnstyledButton className="account-button" data-testid="account-menu" aria-label={t('account.menu')}>
          <Avatar size={32} radius="xl" color="gold" variant="filled" alt="">
            {player.displayName.slice(0, 1).toUpperCase()}
          </Avatar>
          <Text component="span" size="sm" fw={700} className="account-name" truncate>
            {player.displayName}
          </Text>
          <IconChevronDown size={16} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={700} c="bright" truncate>
            {player.displayName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            @{player.username}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to="/player/bank"
          leftSection={<IconBank size={18} />}
          data-testid="bank-link"
        >
          {t('nav.bank')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/player/security"
          leftSection={<IconShield size={18} />}
          data-testid="security-link"
        >
          {t('account.security')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/player/limits"
          leftSection={<IconHourglass size={18} />}
          data-testid="play-limits-link"
        >
          {t('account.playLimits')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconKey size={18} />}
          onClick={onChangePassword}
          data-testid="change-password"
        >
          {t('account.changePassword')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={18} />} color="red" onClick={onLogout} data-testid="logout">
          {t('account.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
