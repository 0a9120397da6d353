import type { TAgency } from '@lc/shared/contracts/agency';
import type { TPlayer } from '@lc/shared/contracts/players';
import { ActionIcon, Burger, Button, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../brand-logo';
import { IconHeadset } from '../icons';
import { LanguageSelect } from './language-select';
import { LazyDesktopNav, LazyPlayerActions, loadContactDrawer, loadNavDrawer } from './lazy-overlays';

export function TopBar({
  agency,
  player,
  isMenuOpen,
  onToggleMenu,
  onOpenContact,
  onChangePassword,
  onLogout,
}: {
  agency: TAgency;
  player: TPlayer | null;
  isMenuOpen: boolean;
  onToggleMenu: () => void;
  onOpenContact: () => void;
  onChangePassword: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  return (
    <header className="top-bar" data-testid="topbar">
      <div className="top-bar-inner">
        <Group gap="xs" wrap="nowrap" className="top-bar-start">
          <Burger
            opened={isMenuOpen}
            onClick={onToggleMenu}
            onPointerEnter={() => void loadNavDrawer()}
            onFocus={() => void loadNavDrawer()}
            // The bar's menu needs 1200 px (Mantine's lg) to show every label whole in Lao, Thai and
            // Vietnamese; narrower screens keep the drawer.
            hiddenFrom="lg"
            size="sm"
            aria-label={isMenuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={isMenuOpen}
            data-testid="menu-toggle"
          />
          <Link to="/" className="top-bar-logo" aria-label={t('nav.home')}>
            <BrandLogo src={agency.logoUrl} alt={agency.name} />
          </Link>
        </Group>

        {player ? (
          <Suspense fallback={<div className="top-bar-spacer" />}>
            <LazyDesktopNav />
          </Suspense>
        ) : (
          <div className="top-bar-spacer" />
        )}

        <Group gap="xs" wrap="nowrap" className="top-bar-end">
          <LanguageSelect />
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            className="visible-from-sm"
            aria-label={t('contact.title')}
            onClick={onOpenContact}
            onPointerEnter={() => void loadContactDrawer()}
            data-testid="contact-menu"
          >
            <IconHeadset />
          </ActionIcon>
          {player ? (
            <Suspense fallback={<div className="account-placeholder" />}>
              <LazyPlayerActions player={player} onChangePassword={onChangePassword} onLogout={onLogout} />
            </Suspense>
          ) : (
            <>
              <Button component={Link} to="/login" variant="outline" size="sm" className="top-bar-login">
                {t('nav.login')}
              </Button>
              <Button component={Link} to="/register" size="sm" className="top-bar-register">
                {t('nav.register')}
              </Button>
            </>
          )}
        </Group>
      </div>
    </header>
  );
}
