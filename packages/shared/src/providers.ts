import { z } from 'zod';

/** The five game providers, in the order the menus list them. */
export const PROVIDERS = ['alphabet', 'askmebet', 'betflix', 'gclub', 'gclub_live'] as const;
export const ZProvider = z.enum(PROVIDERS);
export type TProvider = z.infer<typeof ZProvider>;

export function isProvider(value: string): value is TProvider {
  return (PROVIDERS as readonly string[]).includes(value);
}

/** Banks a player may hold an account with (spec section 1) and their LaoQR IINs (domain.md). */
export const BANKS = ['bcel', 'jdb', 'ldb', 'indochina', 'kasikam', 'lvb'] as const;
export const ZBank = z.enum(BANKS);
export type TBank = z.infer<typeof ZBank>;

export const BANK_IIN: Record<TBank, string> = {
  bcel: '27710418',
  jdb: '32170418',
  ldb: '70030418',
  indochina: '70140418',
  kasikam: '70170418',
  lvb: '70050418',
};

/** Game categories of the landing page (spec section 1). */
export const GAME_CATEGORIES = ['slot', 'sport', 'casino', 'fish', 'card', 'chicken'] as const;
export type TGameCategory = (typeof GAME_CATEGORIES)[number];
