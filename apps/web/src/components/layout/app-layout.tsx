import type { TAgency } from '@lc/shared/contracts/agency';
import type { TPlayer } from '@lc/shared/contracts/players';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { LazyContactDrawer, LazyLanguageDrawer, LazyNavDrawer } from './lazy-overlays';
import { OfflineBanner } from './offline-banner';
import { ScrollToTop } from './scroll-to-top';
import { TopBar } from './top-bar';
import { useDocumentTitle } from './use-document-title';
import { useHasOpened } from './use-has-opened';

/** The page shell of spec section 2: top bar, drawers, main, footer, bottom bar, scroll-to-top. */
export function AppLayout({
  agency,
  player,
  onChangePassword,
  onLogout,
  children,
}: {
  agency: TAgency;
  player: TPlayer | null;
  onChangePassword: () => void;
  onLogout: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [isMenuOpen, menu] = useDisclosure(false);
  const [isContactOpen, contact] = useDisclosure(false);
  const [isLanguageOpen, language] = useDisclosure(false);
  const hasMenuOpened = useHasOpened(isMenuOpen);
  const hasContactOpened = useHasOpened(isContactOpen);
  const hasLanguageOpened = useHasOpened(isLanguageOpen);
  useDocumentTitle(agency.name);

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <TopBar
        agency={agency}
        player={player}
        isMenuOpen={isMenuOpen}
        onToggleMenu={menu.toggle}
        onOpenContact={contact.open}
        onChangePassword={onChangePassword}
        onLogout={onLogout}
      />
      <OfflineBanner />
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <Footer agency={agency} onOpenLanguage={language.open} />
      <BottomBar onOpenContact={contact.open} />
      <ScrollToTop />
      <Suspense fallback={null}>
        {hasMenuOpened ? (
          <LazyNavDrawer
            opened={isMenuOpen}
            onClose={menu.close}
            player={player}
            logoUrl={agency.logoUrl}
            onOpenLanguage={() => {
              menu.close();
              language.open();
            }}
          />
        ) : null}
        {hasContactOpened ? (
          <LazyContactDrawer opened={isContactOpen} onClose={contact.close} social={agency.social} />
        ) : null}
        {hasLanguageOpened ? <LazyLanguageDrawer opened={isLanguageOpen} onClose={language.close} /> : null}
      </Suspense>
    </div>
  );
}
