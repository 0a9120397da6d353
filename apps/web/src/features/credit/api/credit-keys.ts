import type { TProvider } from '@lc/shared/providers';

/** Query keys of credit balances; refreshing invalidates `creditKeys.all`. */
export const creditKeys = {
  all: ['credit'] as const,
  byProvider: (provider: TProvider) => [...creditKeys.all, provider] as const,
};
