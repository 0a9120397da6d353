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

type Translate = (key: string, options: { defaultValue: string }) => string;

/**
 * A tab's name in the player's language where the translations know it (`gameTabs.<provider>.<id>`: Slot,
 * Fishing, Cockfight…), else the provider's own label: betflix names its tabs after game studios ("PG Soft"),
 * which stay as they are, and a provider may add a tab before the translations do.
 */
export function tabLabel(t: Translate, provider: string, tab: TGameTab): string {
  return t(`gameTabs.${provider}.${tab.id}`, { defaultValue: tab.label });
}
