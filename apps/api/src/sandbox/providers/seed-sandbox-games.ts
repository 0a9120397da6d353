import { PROVIDERS } from '@lc/shared/providers';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxProviderGames, sandboxProviderGameTabs } from '../../db/schema/sandbox-providers';
import { GAME_CATALOGUE } from './game-catalogue';

/** Sandbox seed (idempotent): the demo game catalogue of each provider, kept in step with GAME_CATALOGUE. */
export async function seedSandboxGames(db: Db): Promise<void> {
  const tabs = PROVIDERS.flatMap((provider) =>
    GAME_CATALOGUE[provider].tabs.map((tab, index) => ({ provider, ...tab, sortOrder: index })),
  );
  const games = PROVIDERS.flatMap((provider) =>
    GAME_CATALOGUE[provider].games.map((game, index) => ({ provider, ...game, sortOrder: index })),
  );
  await db.transaction(async (tx) => {
    await tx
      .insert(sandboxProviderGameTabs)
      .values(tabs)
      .onConflictDoUpdate({
        target: [sandboxProviderGameTabs.provider, sandboxProviderGameTabs.id],
        set: { label: sql`excluded.label`, sortOrder: sql`excluded.sort_order` },
      });
    await tx
      .insert(sandboxProviderGames)
      .values(games)
      .onConflictDoUpdate({
        target: [sandboxProviderGames.provider, sandboxProviderGames.code],
        set: {
          name: sql`excluded.name`,
          category: sql`excluded.category`,
          tab: sql`excluded.tab`,
          sortOrder: sql`excluded.sort_order`,
        },
      });
  });
}
