import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconBank, type IconComponent, IconDeposit, IconGamepad, IconHeadset, IconWithdraw } from '../icons';
import { isActiveLink } from './menu-entries';

const ALPHABET_LINK = '/player/game/alphabet';

/** Mobile app bar (≤ 576 px): deposit, withdraw, the alphabet game in the middle, bank, contact. */
export function BottomBar({ onOpenContact }: { onOpenContact: () => void }) {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <nav className="bottom-bar" data-testid="bottom-bar" aria-label={t('nav.quickMenu')}>
      <BottomLink to="/player/deposit" icon={IconDeposit} label={t('nav.deposit')} pathname={pathname} />
      <BottomLink to="/player/withdraw" icon={IconWithdraw} label={t('nav.withdraw')} pathname={pathname} />
      <div className="bottom-bar-center">
        <Link
          to="/player/game/$provider"
          params={{ provider: 'alphabet' }}
          className="bottom-bar-play"
          aria-label={t('nav.playAlphabet')}
          data-active={isActiveLink(ALPHABET_LINK, pathname) || undefined}
        >
          <IconGamepad size={28} />
        </Link>
      </div>
      <BottomLink to="/player/bank" icon={IconBank} label={t('nav.bank')} pathname={pathname} />
      <button type="button" className="bottom-bar-item" onClick={onOpenContact}>
        <IconHeadset size={22} />
        <span>{t('nav.contactUs')}</span>
      </button>
    </nav>
  );
}

function BottomLink({
  to,
  icon: Icon,
  label,
  pathname,
}: {
  to: '/player/deposit' | '/player/withdraw' | '/player/bank';
  icon: IconComponent;
  label: string;
  pathname: string;
}) {
  const isActive = isActiveLink(to, pathname);
  return (
    <Link
      to={to}
      className="bottom-bar-item"
      data-active={isActive || undefined}
      aria-current={isActive ? 'page' : undefined}
    >
      <Icon size={22} />
      <span>{label}</span>
    </Link>
  );
}
