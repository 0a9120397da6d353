import type { TProvider } from '@lc/shared/providers';

/** Providers whose game lists are never treated as stale (spec section 2). */
const NEVER_STALE: ReadonlySet<TProvider> = new Set(['askmebet', 'alphabet']);

/** The freshness of a provider's game list: forever for askmebet and alphabet, else the app default. */
export function gameListStaleTime(provider: TProvider): number | undefined {
  return NEVER_STALE.has(provider) ? Number.POSITIVE_INFINITY : undefined;
}
