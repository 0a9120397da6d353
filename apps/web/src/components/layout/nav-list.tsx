import { NavLink } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isActiveEntry, isActiveLink, type MenuEntry } from './menu-entries';

/** Renders menu entries as links; groups expand, the current page is highlighted. */
export function NavList({ entries, onNavigate }: { entries: MenuEntry[]; onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  return (
    <ul className="nav-list">
      {entries.map((entry) => {
        if (entry.children) {
          return (
            <li key={entry.text}>
              <NavGroup entry={entry} pathname={pathname} onNavigate={onNavigate} />
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

/** A group header: a button that shows or hides its links (it goes nowhere itself, so it is not a link). */
function NavGroup({
  entry,
  pathname,
  onNavigate,
}: {
  entry: MenuEntry;
  pathname: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(true);
  const Icon = entry.icon;
  return (
    <NavLink
      component="button"
      type="button"
      label={t(entry.text)}
      leftSection={<Icon />}
      opened={isOpen}
      onChange={setIsOpen}
      aria-expanded={isOpen}
      active={isActiveEntry(entry, pathname)}
      variant="subtle"
      className="nav-item"
    >
      <ul className="nav-list">
        {(entry.children ?? []).map((child) => (
          <li key={child.link}>
            <NavEntryLink entry={child} pathname={pathname} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </NavLink>
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
