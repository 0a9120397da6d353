import { NavLink } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isActiveEntry, isActiveLink, type MenuEntry } from './menu-entries';

/** Renders menu entries as links; groups expand, the current page is highlighted. */
export function NavList({ entries, onNavigate }: { entries: MenuEntry[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  return (
    <ul className="nav-list">
      {entries.map((entry) => {
        const Icon = entry.icon;
        if (entry.children) {
          return (
            <li key={entry.text}>
              <NavLink
                label={t(entry.text)}
                leftSection={<Icon />}
                defaultOpened
                active={isActiveEntry(entry, pathname)}
                variant="subtle"
                className="nav-item"
              >
                <ul className="nav-list">
                  {entry.children.map((child) => (
                    <li key={child.link}>
                      <NavEntryLink entry={child} pathname={pathname} onNavigate={onNavigate} />
                    </li>
                  ))}
                </ul>
              </NavLink>
            </li>
          );
        }
        return (
          <li key={entry.link}>
            <NavEntryLink entry={entry} pathname={pathname} onNavigate={onNavigate} />
          </li>
        );
      })}
    </ul>
  );
}

function NavEntryLink({
  entry,
  pathname,
  onNavigate,
}: {
  entry: MenuEntry;
  pathname: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const Icon = entry.icon;
  const isActive = isActiveLink(entry.link, pathname);
  return (
    <NavLink
      component={Link}
      href={entry.link}
      label={t(entry.text)}
      leftSection={<Icon />}
      active={isActive}
      aria-current={isActive ? 'page' : undefined}
      onClick={onNavigate}
      className="nav-item"
      data-active-link={isActive || undefined}
    />
  );
}
