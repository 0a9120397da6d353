import { describe, expect, it } from 'vitest';
import { ACCOUNT_MENU, isActiveEntry, isActiveLink, PLAYER_MENU, pathOf } from './menu-entries';

describe('active menu matcher', () => {
  it('ignores the query string of the link', () => {
    expect(isActiveLink('/player/game/askmebet?tab=Slot', '/player/game/askmebet')).toBe(true);
    expect(isActiveLink('/player/game/betflix?tab=pp.txt', '/player/game/betflix')).toBe(true);
  });

  it('ignores a query string or hash on the current location too', () => {
    expect(isActiveLink('/player/deposit', '/player/deposit?x=1')).toBe(true);
    expect(isActiveLink('/player/deposit', '/player/deposit/')).toBe(true);
    expect(isActiveLink('/player/bank', '/player/bank#top')).toBe(true);
  });

  it('does not treat a parent path as active for a child page', () => {
    expect(isActiveLink('/player/deposit', '/player/deposit/history')).toBe(false);
    expect(isActiveLink('/player/game/gclub', '/player/game/gclub_live')).toBe(false);
  });

  it('marks a group active when one of its children is', () => {
    const games = PLAYER_MENU[0];
    const history = ACCOUNT_MENU.find((entry) => entry.link === '/player/history');
    if (!games || !history) throw new Error('menus changed');
    expect(isActiveEntry(games, '/player/game/askmebet')).toBe(true);
    expect(isActiveEntry(history, '/player/withdraw/history')).toBe(true);
    expect(isActiveEntry(history, '/player/withdraw')).toBe(false);
  });

  it('keeps the query strings the spec requires on game links', () => {
    const links = PLAYER_MENU[0]?.children?.map((entry) => entry.link);
    expect(links).toContain('/player/game/askmebet?tab=Slot');
    expect(links).toContain('/player/game/betflix?tab=pp.txt');
    expect(links).toHaveLength(5);
    expect(pathOf('/')).toBe('/');
  });
});
