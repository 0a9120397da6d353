import type { TGame } from '@lc/shared/contracts/games';
import { describe, expect, it } from 'vitest';
import { gamesOfTab, resolveTab } from './resolve-tab';

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
