import {
  IconBank,
  type IconComponent,
  IconDeposit,
  IconGamepad,
  IconGift,
  IconHistory,
  IconHourglass,
  IconShield,
  IconTransfer,
  IconWithdraw,
} from '../icons';

/** One entry of the navigation drawer (spec section 3): a translation key, a link, an icon, children. */
export type MenuEntry = {
  text: string;
  link: string;
  icon: IconComponent;
  children?: MenuEntry[];
};

const gameEntry = (provider: string, search = ''): MenuEntry => ({
  text: `providers.${provider}`,
  link: `/player/game/${provider}${search}`,
  icon: IconGamepad,
});

/** First list: games, deposit, withdraw, promotion. */
export const PLAYER_MENU: MenuEntry[] = [
  {
    text: 'nav.games',
    link: '/player/game',
    icon: IconGamepad,
    children: [
      gameEntry('gclub_live'),
      gameEntry('gclub'),
      gameEntry('betflix', '?tab=pp.txt'),
      gameEntry('askmebet', '?tab=Slot'),
      gameEntry('alphabet'),
    ],
  },
  { text: 'nav.deposit', link: '/player/deposit', icon: IconDeposit },
  { text: 'nav.withdraw', link: '/player/withdraw', icon: IconWithdraw },
  { text: 'nav.promotion', link: '/player/promotion', icon: IconGift },
];

/** Second list (after the divider): the account menu and the history group. */
export const ACCOUNT_MENU: MenuEntry[] = [
  { text: 'nav.bank', link: '/player/bank', icon: IconBank },
  { text: 'nav.security', link: '/player/security', icon: IconShield },
  { text: 'nav.playLimits', link: '/player/limits', icon: IconHourglass },
  {
    text: 'nav.history',
    link: '/player/history',
    icon: IconHistory,
    children: [
      { text: 'nav.depositHistory', link: '/player/deposit/history', icon: IconDeposit },
      { text: 'nav.withdrawHistory', link: '/player/withdraw/history', icon: IconWithdraw },
      { text: 'nav.promotionHistory', link: '/player/promotion/history', icon: IconGift },
      { text: 'nav.transferHistory', link: '/player/transfer/history', icon: IconTransfer },
    ],
  },
];

/** The path of a link without its query string or hash, and without a trailing slash. */
export function pathOf(link: string): string {
  const path = link.split(/[?#]/, 1)[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** True when the entry's link points at the current pathname; query strings are ignored on both sides. */
export function isActiveLink(link: string, pathname: string): boolean {
  return pathOf(link) === pathOf(pathname);
}

/** True when the entry or one of its children is the current page. */
export function isActiveEntry(entry: MenuEntry, pathname: string): boolean {
  return (
    isActiveLink(entry.link, pathname) ||
    (entry.children ?? []).some((child) => isActiveEntry(child, pathname))
  );
}
