import { readFileSync } from 'node:fs';
import type { TGame } from '@lc/shared/contracts/games';
import { LANGUAGES } from '@lc/shared/languages';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAME_CATALOGUE } from '../../../../../api/src/sandbox/providers/game-catalogue';
import { gamesOfTab, resolveTab, tabLabel } from './resolve-tab';

const tabs = [
  { id: 'pp.txt', label: 'Pragmatic Play' },
  { id: 'pg.txt', label: 'PG Soft' },
];

describe('resolveTab', () => {
  it('keeps a tab the provider has', () => {
    expect(resolveTab(tabs, 'pg.txt')).toBe('pg.txt');
  });

  it('falls back to the first tab when none or an unknown one is asked', () => {
    expect(resolveTab(tabs, undefined)).toBe('pp.txt');
    expect(resolveTab(tabs, 'nope.txt')).toBe('pp.txt');
    expect(resolveTab(tabs, 'PP.TXT')).toBe('pp.txt');
  });

  it('has no tab when the provider lists none', () => {
    expect(resolveTab([], 'Slot')).toBeUndefined();
  });
});

describe('gamesOfTab', () => {
  const game = (code: string, tab: string): TGame => ({
    code,
    name: code,
    imageUrl: '',
    category: 'slot',
    tab,
  });
  const games = [game('a', 'pp.txt'), game('b', 'pg.txt'), game('c', 'pp.txt')];

  it('keeps the games of the tab, in order', () => {
    expect(gamesOfTab(games, 'pp.txt').map((g) => g.code)).toEqual(['a', 'c']);
  });

  it('keeps every game without a tab', () => {
    expect(gamesOfTab(games, undefined)).toHaveLength(3);
  });
});

describe('tabLabel', () => {
  const i18n = i18next.createInstance();
  const t = (key: string, options: { defaultValue: string }) => i18n.t(key, options);

  beforeAll(async () => {
    const resources = Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        {
          common: JSON.parse(
            readFileSync(
              new URL(`../../../../public/locales/${language}/common.json`, import.meta.url),
              'utf8',
            ),
          ),
        },
      ]),
    );
    await i18n.init({ lng: 'lo', resources, defaultNS: 'common', interpolation: { escapeValue: false } });
  });

  it('names a known tab in the player language, not in English', async () => {
    expect(tabLabel(t, 'askmebet', { id: 'Cockfight', label: 'Cockfight' })).toBe('ຕີໄກ່');
    expect(tabLabel(t, 'gclub_live', { id: 'baccarat', label: 'Live Baccarat' })).toBe('ບາຄາຣ່າສົດ');
    await i18n.changeLanguage('th');
    expect(tabLabel(t, 'askmebet', { id: 'Fishing', label: 'Fishing' })).toBe('ยิงปลา');
    await i18n.changeLanguage('lo');
  });

  it("keeps a studio's own name and a tab the translations do not know yet", () => {
    expect(tabLabel(t, 'betflix', { id: 'pg.txt', label: 'PG Soft' })).toBe('PG Soft');
    expect(tabLabel(t, 'askmebet', { id: 'Lottery', label: 'Lottery' })).toBe('Lottery');
  });

  it('has every tab of the sandbox catalogue but the studios in all four languages', async () => {
    for (const language of LANGUAGES) {
      await i18n.changeLanguage(language);
      for (const [provider, catalogue] of Object.entries(GAME_CATALOGUE)) {
        if (provider === 'betflix') continue;
        for (const tab of catalogue.tabs) {
          expect(i18n.exists(`gameTabs.${provider}.${tab.id}`), `${language} ${provider} ${tab.id}`).toBe(
            true,
          );
        }
      }
    }
    await i18n.changeLanguage('lo');
  });
});
