import type { TPlayer } from '@lc/shared/contracts/players';
import { Button, CloseButton, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../brand-logo';
import { IconGlobe, IconLogin, IconUserPlus } from '../icons';
import { InstallAppButton } from './install-app-button';
import { ACCOUNT_MENU, PLAYER_MENU } from './menu-entries';
import { NavList } from './nav-list';
import { useOpenedAfterMount } from './use-opened-after-mount';

export const NAV_DRAWER_WIDTH = 393;

/** Left navigation drawer: sign-in links for visitors, the two menu lists for players. */
export function NavDrawer({
  opened,
  onClose,
  player,
  logoUrl,
  onOpenLanguage,
}: {
  opened: boolean;
  onClose: () => void;
  player: TPlayer | null;
  logoUrl: string;
  onOpenLanguage: () => void;
}) {
  const { t } = useTranslation();
  const isOpen = useOpenedAfterMount(opened);
  return (
    <Drawer.Root opened={isOpen} onClose={onClose} position="left" size={NAV_DRAWER_WIDTH}>
      <Drawer.Overlay backgroundOpacity={0.6} blur={2} />
      <Drawer.Content data-testid="nav-drawer" className="nav-drawer" aria-label={t('nav.mainMenu')}>
        <Drawer.Header className="nav-drawer-header">
          <Link to="/" onClick={onClose} aria-label={t('nav.home')}>
            <BrandLogo src={logoUrl} alt={t('app.name')} width={100} height={40} />
          </Link>
          <CloseButton onClick={onClose} aria-label={t('nav.closeMenu')} size="lg" />
        </Drawer.Header>
        <Drawer.Body>
          <nav aria-label={t('nav.mainMenu')}>
            {player ? (
              <Stack gap="xs">
                <Text size="sm" c="dimmed" px="sm">
                  {t('nav.greeting', { name: player.displayName })}
                </Text>
                <NavList entries={PLAYER_MENU} onNavigate={onClose} />
                <Divider my="xs" />
                <NavList entries={ACCOUNT_MENU} onNavigate={onClose} />
              </Stack>
            ) : (
              <Stack gap="sm" pt="xs">
                <Button
                  component={Link}
                  to="/login"
                  onClick={onClose}
                  variant="outline"
                  size="md"
                  leftSection={<IconLogin />}
                >
                  {t('nav.login')}
                </Button>
                <Button
                  component={Link}
                  to="/register"
                  onClick={onClose}
                  size="md"
                  leftSection={<IconUserPlus />}
                >
                  {t('nav.register')}
                </Button>
              </Stack>
            )}
          </nav>
          <Divider my="md" />
          <InstallAppButton onInstall={onClose} />
          <Group px="sm">
            <Button variant="subtle" color="gray" leftSection={<IconGlobe />} onClick={onOpenLanguage}>
              {t('language.choose')}
            </Button>
          </Group>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
