import type { TProvider } from '@lc/shared/providers';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  sandboxProviderGames as games,
  sandboxProviderGameTabs as tabs,
} from '../../db/schema/sandbox-providers';

/** Where the sandbox serves the picture of a game (generated from its code; see render-game-image.ts). */
export const gameImageUrl = (code: string): string => `/sandbox/providers/assets/game/${code}.svg`;

/** All tabs of a provider, and its games (of one tab when `tab` is given), in catalogue order. */
export async function listSandboxGames(db: DbOrTx, provider: TProvider, tab?: string) {
  const tabRows = await db
    .select({ id: tabs.id, label: tabs.label })
    .from(tabs)
    .where(eq(tabs.provider, provider))
    .orderBy(asc(tabs.sortOrder));
  const gameRows = await db
    .select({ code: games.code, name: games.name, category: games.category, tab: games.tab })
    .from(games)
    .where(
      tab === undefined
        ? eq(games.provider, provider)
        : and(eq(games.provider, provider), eq(games.tab, tab)),
    )
    .orderBy(asc(games.sortOrder));
  return { tabs: tabRows, games: gameRows.map((game) => ({ ...game, imageUrl: gameImageUrl(game.code) })) };
}
