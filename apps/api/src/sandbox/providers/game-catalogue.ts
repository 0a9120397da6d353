import type { TGameCategory, TProvider } from '@lc/shared/providers';

// The demo catalogue seeded for the sandbox providers. Names are made up but shaped like the real thing:
// askmebet groups by game type, betflix by sub-provider (tab ids like `pp.txt`, as its menu links carry),
// gclub and gclub_live list casino tables, alphabet is a slot house.

export type CatalogueTab = { id: string; label: string };
export type CatalogueGame = { code: string; name: string; category: TGameCategory; tab: string };
export type ProviderCatalogue = { tabs: CatalogueTab[]; games: CatalogueGame[] };

/** `tab` → games of that tab, codes made from a prefix and the name. */
function gamesOf(prefix: string, category: TGameCategory, tab: string, names: string[]): CatalogueGame[] {
  return names.map((name) => ({ code: `${prefix}-${slug(name)}`, name, category, tab }));
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const GAME_CATALOGUE: Record<TProvider, ProviderCatalogue> = {
  alphabet: {
    tabs: [{ id: 'Slot', label: 'Slot' }],
    games: gamesOf('ab', 'slot', 'Slot', [
      'Golden Lotus',
      'Mekong Treasures',
      'Naga Fortune',
      'Jade Elephant',
      'Lucky Lantern',
      'Dragon Pearl',
      'Temple of Gold',
      'Phoenix Rising',
      'Tiger Riches',
      'Starlight Gems',
    ]),
  },
  askmebet: {
    tabs: [
      { id: 'Slot', label: 'Slot' },
      { id: 'Fishing', label: 'Fishing' },
      { id: 'Table', label: 'Table' },
      { id: 'Cockfight', label: 'Cockfight' },
    ],
    games: [
      ...gamesOf('amb', 'slot', 'Slot', [
        'Mahjong Fortune',
        'Fortune Koi',
        'Wild Buffalo',
        'Treasure Hunter',
        'Candy Party',
        'Samurai Blade',
        'Bikini Beach',
        'Lucky Panda',
      ]),
      ...gamesOf('amb', 'fish', 'Fishing', ['Ocean King', 'Fishing Frenzy', 'Golden Shark', 'Mermaid Hunt']),
      ...gamesOf('amb', 'card', 'Table', ['Pok Deng', 'Baccarat Classic', 'Blackjack Pro', 'Hi-Lo Dice']),
      ...gamesOf('amb', 'chicken', 'Cockfight', ['Sabong Arena', 'Rooster Derby']),
    ],
  },
  betflix: {
    tabs: [
      { id: 'pp.txt', label: 'Pragmatic Play' },
      { id: 'pg.txt', label: 'PG Soft' },
      { id: 'jili.txt', label: 'JILI' },
      { id: 'joker.txt', label: 'Joker Gaming' },
      { id: 'spade.txt', label: 'Spadegaming' },
    ],
    games: [
      ...gamesOf('bf-pp', 'slot', 'pp.txt', [
        'Sugar Kingdom',
        'Gates of Thunder',
        'Wild West Bounty',
        'Big Bass Harbour',
        'Fruit Party Deluxe',
      ]),
      ...gamesOf('bf-pg', 'slot', 'pg.txt', [
        'Mahjong Ways Gold',
        'Lucky Neko Shrine',
        'Caishen Blessing',
        'Dragon Hatchling',
        'Queen of Spices',
      ]),
      ...gamesOf('bf-jili', 'slot', 'jili.txt', [
        'Super Ace Royal',
        'Fortune Gems Max',
        'Boxing King',
        'Money Coming',
      ]),
      ...gamesOf('bf-joker', 'slot', 'joker.txt', [
        'Roma Legion',
        'Lucky God',
        'Thai Paradise',
        'Highway Kings',
      ]),
      ...gamesOf('bf-spade', 'fish', 'spade.txt', ['Fishing God', 'Zombie Party', 'Golden Lotus SE']),
    ],
  },
  gclub: {
    tabs: [
      { id: 'baccarat', label: 'Baccarat' },
      { id: 'roulette', label: 'Roulette' },
      { id: 'sicbo', label: 'Sic Bo' },
      { id: 'dragon_tiger', label: 'Dragon Tiger' },
    ],
    games: [
      ...gamesOf('gc', 'casino', 'baccarat', ['Baccarat Table 1', 'Baccarat Table 2', 'Squeeze Baccarat']),
      ...gamesOf('gc', 'casino', 'roulette', ['European Roulette', 'Speed Roulette']),
      ...gamesOf('gc', 'casino', 'sicbo', ['Sic Bo Classic']),
      ...gamesOf('gc', 'casino', 'dragon_tiger', ['Dragon Tiger']),
    ],
  },
  gclub_live: {
    tabs: [
      { id: 'baccarat', label: 'Live Baccarat' },
      { id: 'roulette', label: 'Live Roulette' },
      { id: 'shows', label: 'Game Shows' },
    ],
    games: [
      ...gamesOf('gcl', 'casino', 'baccarat', [
        'Live Baccarat A01',
        'Live Baccarat VIP',
        'Live Speed Baccarat',
      ]),
      ...gamesOf('gcl', 'casino', 'roulette', ['Live Lightning Roulette', 'Live Auto Roulette']),
      ...gamesOf('gcl', 'casino', 'shows', ['Live Money Wheel', 'Live Fan Tan']),
    ],
  },
};
