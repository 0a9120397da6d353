import { PROVIDERS } from '@lc/shared/providers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerTestPlayer, type SignedInPlayer, type TestApp } from '../../test/app';
import { hasSuccessfulDeposit } from '../ledger/has-successful-deposit';
import { fund } from '../withdrawals/withdrawal-test-helpers';

let t: TestApp;
let p: SignedInPlayer;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  p = await registerTestPlayer(t.app);
});
afterAll(async () => {
  await t?.close();
});

const listGames = (url: string, cookie: string | undefined = p.cookie) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const launch = (provider: string, cookie: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/games/${provider}/launch`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });

describe('GET /api/v2/games/{provider}', () => {
  it('lists the tabs and the games of the asked tab', async () => {
    const res = await listGames('/api/v2/games/askmebet?tab=Slot');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tabs.map((tab: { id: string }) => tab.id)).toEqual(['Slot', 'Fishing', 'Table', 'Cockfight']);
    expect(body.games.length).toBeGreaterThan(0);
    for (const game of body.games) {
      expect(game).toEqual({
        code: expect.any(String),
        name: expect.any(String),
        imageUrl: expect.stringMatching(/^\//),
        category: 'slot',
        tab: 'Slot',
      });
    }
    const fishing = (await listGames('/api/v2/games/askmebet?tab=Fishing')).json();
    expect(fishing.games.length).toBeGreaterThan(0);
    expect(fishing.games.every((g: { tab: string }) => g.tab === 'Fishing')).toBe(true);
  });

  it("uses betflix's sub-provider tabs as the menu links carry them (pp.txt)", async () => {
    const body = (await listGames('/api/v2/games/betflix?tab=pp.txt')).json();
    expect(body.tabs).toContainEqual({ id: 'pp.txt', label: 'Pragmatic Play' });
    expect(body.games.length).toBeGreaterThan(0);
    expect(body.games.every((g: { tab: string }) => g.tab === 'pp.txt')).toBe(true);
  });

  it('lists every game without a tab (and with an empty one), and none for an unknown tab', async () => {
    for (const provider of PROVIDERS) {
      const all = (await listGames(`/api/v2/games/${provider}`)).json();
      const empty = (await listGames(`/api/v2/games/${provider}?tab=`)).json();
      expect(all.games.length, provider).toBeGreaterThan(0);
      expect(empty, provider).toEqual(all);
      const tabsWithGames = new Set(all.games.map((g: { tab: string }) => g.tab));
      expect(
        all.tabs.every((tab: { id: string }) => tabsWithGames.has(tab.id)),
        provider,
      ).toBe(true);
    }
    const none = (await listGames('/api/v2/games/askmebet?tab=NoSuchTab')).json();
    expect(none.games).toEqual([]);
  });

  it('answers 400 UNKNOWN_PROVIDER and 401 without a session', async () => {
    const unknown = await listGames('/api/v2/games/pgslot');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('UNKNOWN_PROVIDER');
    const anonymous = await listGames('/api/v2/games/askmebet', '');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/v2/games/{provider}/launch', () => {
  it('refuses a player who never deposited with 403 GAME_NEEDS_DEPOSIT, then opens games after an ops credit', async () => {
    const player = await registerTestPlayer(t.app);
    const gameCode = (await listGames('/api/v2/games/alphabet', player.cookie)).json().games[1].code;

    const refused = await launch('alphabet', player.cookie, { gameCode });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('GAME_NEEDS_DEPOSIT');

    await fund(t.app, player, 'gclub', '100.00');

    // A deposit at any provider opens the games of every provider.
    const opened = await launch('alphabet', player.cookie, { gameCode });
    expect(opened.statusCode).toBe(200);
    const { url } = opened.json();
    expect(url).toMatch(/^\/sandbox\/providers\/alphabet\/play\/[A-Za-z0-9_-]+$/);
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);

    // No game code, or an empty body, opens the lobby (the first game).
    expect((await launch('gclub', player.cookie)).statusCode).toBe(200);
    expect((await launch('gclub', player.cookie, {})).statusCode).toBe(200);
  });

  it('opens games for a player whose only credit came by an adjustment (not a deposit)', async () => {
    const player = await registerTestPlayer(t.app);
    expect((await launch('gclub', player.cookie)).json().error.code).toBe('GAME_NEEDS_DEPOSIT');
    await fund(t.app, player, 'betflix', '20.00');
    expect(await hasSuccessfulDeposit(t.app.db, player.player.id)).toBe(false);
    expect((await launch('gclub', player.cookie)).statusCode).toBe(200);
  });

  it('answers 404 for a game the provider does not have, 400 for an unknown provider, 401 without session', async () => {
    const player = await registerTestPlayer(t.app);
    await fund(t.app, player, 'askmebet', '10.00');
    const missing = await launch('askmebet', player.cookie, { gameCode: 'no-such-game' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    const unknown = await launch('pgslot', player.cookie, {});
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('UNKNOWN_PROVIDER');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v2/games/askmebet/launch',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
