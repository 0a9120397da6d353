import { Button, Menu } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconChevronDown } from '../icons';
import { ACCOUNT_MENU, isActiveEntry, isActiveLink, type MenuEntry, PLAYER_MENU } from './menu-entries';

const OUTSIDE_THE_BAR = new Set(['/player/deposit', '/player/bank', '/player/security', '/player/limits']);

/** The same menu entries as the drawer, laid out in the top bar on wide screens. */
export function DesktopNav() {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Deposit has its own button next to the account menu; bank, security and play limits are entries in that
  // menu: with them the bar has no room, and its labels were cut short in Lao, Thai and Vietnamese.
  const entries = [...PLAYER_MENU, ...ACCOUNT_MENU].filter((entry) => !OUTSIDE_THE_BAR.has(entry.link));

  return (
    <nav className="desktop-nav" aria-label={t('nav.mainMenu')}>
      {entries.map((entry) =>
        entry.children ? (
          <DesktopGroup key={entry.text} entry={entry} pathname={pathname} />
        ) : (
          <Button
            key={entry.link}
            component={Link}
            href={entry.link}
            variant={isActiveLink(entry.link, pathname) ? 'light' : 'subtle'}
            color={isActiveLink(entry.link, pathname) ? 'gold' : 'gray'}
            aria-current={isActiveLink(entry.link, pathname) ? 'page' : undefined}
            size="sm"
          >
            {t(entry.text)}
          </Button>
        ),
      )}
    </nav>
  );
}

function DesktopGroup({ entry, pathname }: { entry: MenuEntry; pathname: string }) {
  const { t } = useTranslation();
  const isActive = isActiveEntry(entry, pathname);
  return (
    <Menu
      position="bottom-start"
      shadow="md"
      width={230}
      trigger="click-hover"
      openDelay={80}
      closeDelay={150}
    >
      <Menu.Target>
        <Button
          variant={isActive ? 'light' : 'subtle'}
          color={isActive ? 'gold' : 'gray'}
          size="sm"
          rightSection={<IconChevronDown size={14} />}
        >
          {t(entry.text)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {entry.children?.map((child) => {
          const Icon = child.icon;
          const isChildActive = isActiveLink(child.link, pathname);
          return (
            <Menu.Item
              key={child.link}
              component={Link}
              href={child.link}
              leftSection={<Icon size={18} />}
              className={isChildActive ? 'menu-item-active' : undefined}
              aria-current={isChildActive ? 'page' : undefined}
            >
              {t(child.text)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
