import type { TProvider } from '@lc/shared/providers';

/** Query keys of provider game lists: one entry per provider and asked tab (`null` = no tab asked). */
export const gameKeys = {
  all: ['games'] as const,
  byProvider: (provider: TProvider) => [...gameKeys.all, provider] as const,
  list: (provider: TProvider, tab: string | undefined) =>
    [...gameKeys.byProvider(provider), tab ?? null] as const,
};
