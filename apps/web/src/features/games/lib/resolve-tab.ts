import type { TGame, TGameTab } from '@lc/shared/contracts/games';

/** The tab to show: the asked one when the provider has it, else the first tab; undefined without tabs. */
export function resolveTab(tabs: readonly TGameTab[], asked: string | undefined): string | undefined {
  if (asked !== undefined && tabs.some((tab) => tab.id === asked)) return asked;
  return tabs[0]?.id;
}

/** The games of `tab` (all of them when the provider has no tabs). */
export function gamesOfTab(games: readonly TGame[], tab: string | undefined): TGame[] {
  return tab === undefined ? [...games] : games.filter((game) => game.tab === tab);
}
