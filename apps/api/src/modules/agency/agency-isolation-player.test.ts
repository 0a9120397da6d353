import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirePlayer, requirePlayerWithBankAccounts } from '../../plugins/session';
import {
  createTestApp,
  fingerprintPayload,
  loginTestPlayer,
  registerTestPlayer,
  sessionCookieOf,
  type TestApp,
} from '../../test/app';
import {
  asPlayer,
  asToken,
  changedTables,
  databaseSnapshot,
  expectError,
  expectNoneOf,
  newPlayer,
  routeTable,
  setUpWorlds,
  type World,
} from './agency-isolation.test-helpers';
import { requireAgency } from './agency-resolver';

// Issue #38 item 7 "Isolation", player side: a session of one agency is never accepted on another agency's
// host, a player never reaches another agency's orders, sessions, accounts or promotions by their ids, and
// each host shows its own agency's public settings, rates and promotions. Table-driven over the app's own
// route table: a new player route fails the coverage test until it has a row here.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type PlayerRoute = { method: Method; url: string; guard: 'session' | 'agency' | 'none'; hasBody: boolean };

const table = routeTable();
function playerRoutes(): PlayerRoute[] {
  const isPlayerFacing = (url: string) => url.startsWith('/api/v2/') || url === '/manifest.webmanifest';
  return table.routes
    .filter((route) => isPlayerFacing(route.url))
    .flatMap((route) => {
      const guards = [route.preHandler ?? []].flat() as unknown[];
      const guard: PlayerRoute['guard'] =
        guards.includes(requirePlayer) || guards.includes(requirePlayerWithBankAccounts)
          ? 'session'
          : guards.includes(requireAgency)
            ? 'agency'
            : 'none';
      const hasBody = Boolean((route.schema as { body?: unknown } | undefined)?.body);
      return [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method: method as Method, url: route.url, guard, hasBody }));
    });
}
const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

let t: TestApp;
let a: World;
let b: World;
let routes: PlayerRoute[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { listen: true, onRoute: table.onRoute });
  routes = playerRoutes();
  ({ a, b } = await setUpWorlds(t, table.waitForRuns));
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const DIRECTIONS = [
  ['B', 'A'],
  ['A', 'B'],
] as const;
const worldOf = (label: 'A' | 'B') => (label === 'A' ? a : b);

/**
 * A valid body for every session route that takes one, with the session holder's own ids: refused without
 * a look at it, it would otherwise be answered 400 before the session is even read.
 */
const SESSION_BODIES: Record<string, (o: World) => unknown> = {
  'POST /api/v2/players/security/password/change': (o) => ({
    currentPassword: o.player.password,
    newPassword: 'a-brand-new-password-9',
    confirmNewPassword: 'a-brand-new-password-9',
  }),
  'POST /api/v2/fingerprint': () => ({ fingerprint: fingerprintPayload('fp-sweep-0000000001') }),
  'POST /api/v2/players/security/totp/enable': () => ({ code: '123456' }),
  'POST /api/v2/players/security/totp/disable': (o) => ({ password: o.player.password, code: '123456' }),
  'PUT /api/v2/players/limits': () => ({ daily: '100000', weekly: null, monthly: null }),
  'POST /api/v2/players/time-out': () => ({ days: 1 }),
  'POST /api/v2/players/self-exclusion': () => ({ months: 6 }),
  'POST /api/v2/players/bank-accounts': () => ({
    bank: 'bcel',
    accountNumber: '1234567890123',
    accountName: 'SWEEP',
    currency: 'LAK',
    owner: 'SELF',
  }),
  'POST /api/v2/games/:provider/launch': () => ({}),
  'POST /api/v2/deposits': (o) => ({
    provider: 'gclub',
    bankAccountId: o.player.bankAccountId,
    amount: '100000',
    mid: o.mid,
  }),
  'POST /api/v2/withdrawals': (o) => ({
    provider: 'gclub',
    bankAccountId: o.player.bankAccountId,
    credit: '60.00',
  }),
  'POST /api/v2/promotions/use': (o) => ({ promotionId: o.promotionId, providerId: 'gclub' }),
  'POST /api/v2/promotions/usages/cancel': (o) => ({ usageId: o.usageId }),
  'POST /api/v2/credits/transfer': () => ({ from: 'gclub', to: 'askmebet', amount: '10.00' }),
};

/** Path parameters filled with the session holder's own records. */
const withIdsOf = (o: World, url: string) =>
  url
    .replace(':code', o.paidCode)
    .replace(':id', url.includes('/sessions/') ? o.sessionId : o.promotionId)
    .replace(':provider', 'gclub');

// The player's own pages: its own records, none of the other agency's (whose player has the same username
// and bank account number).
type ReadRow = { route: string; url: string; as?: 'promoPlayer'; own: (v: World) => string[] };
const READS: ReadRow[] = [
  {
    route: 'GET /api/v2/players/info',
    url: '/api/v2/players/info',
    own: (v) => [v.player.player.id, v.player.bankAccountId],
  },
  { route: 'GET /api/v2/players/backlist', url: '/api/v2/players/backlist', own: () => ['blocked'] },
  { route: 'GET /api/v2/players/security/totp', url: '/api/v2/players/security/totp', own: () => [] },
  { route: 'GET /api/v2/players/sessions', url: '/api/v2/players/sessions', own: (v) => [v.sessionId] },
  { route: 'GET /api/v2/players/notices', url: '/api/v2/players/notices', own: () => [] },
  { route: 'GET /api/v2/players/limits', url: '/api/v2/players/limits', own: () => ['daily'] },
  {
    route: 'GET /api/v2/players/bank-accounts',
    url: '/api/v2/players/bank-accounts',
    own: (v) => [v.player.bankAccountId],
  },
  {
    route: 'GET /api/v2/players/credits/:provider',
    url: '/api/v2/players/credits/gclub',
    own: () => ['credit'],
  },
  { route: 'GET /api/v2/games/:provider', url: '/api/v2/games/gclub', own: () => [] },
  { route: 'GET /api/v2/deposits', url: '/api/v2/deposits', own: (v) => [v.successCode, v.paidCode] },
  { route: 'GET /api/v2/deposits/open', url: '/api/v2/deposits/open', own: () => [] },
  { route: 'GET /api/v2/withdrawals', url: '/api/v2/withdrawals', own: (v) => [v.withdrawalCode] },
  { route: 'GET /api/v2/withdrawals/open', url: '/api/v2/withdrawals/open', own: (v) => [v.withdrawalCode] },
  { route: 'GET /api/v2/credits/transfers', url: '/api/v2/credits/transfers', own: () => ['items'] },
  {
    route: 'GET /api/v2/players/promotions/using',
    url: '/api/v2/players/promotions/using',
    as: 'promoPlayer',
    own: (v) => [v.usageId, v.promotionId],
  },
  {
    route: 'GET /api/v2/players/promotions/first-deposit',
    url: '/api/v2/players/promotions/first-deposit',
    own: () => ['promotions'],
  },
  {
    route: 'GET /api/v2/promotions/usages',
    url: '/api/v2/promotions/usages',
    as: 'promoPlayer',
    own: (v) => [v.usageId],
  },
  {
    route: 'POST /api/v2/promotions/usages/recheck',
    url: '/api/v2/promotions/usages/recheck',
    as: 'promoPlayer',
    own: (v) => [v.usageId],
  },
];

// The other agency's records named by id, by a signed-in player of the viewer's agency: the answer a record
// that does not exist gets, and nothing changes.
type ByIdRow = {
  route: string;
  method: Method;
  url: (o: World) => string;
  payload?: (v: World, o: World) => unknown;
  as?: 'promoPlayer' | 'nobody';
  expected: [number, string];
};
const BY_ID: ByIdRow[] = [
  {
    route: 'GET /api/v2/deposits/:code/laoqr',
    method: 'GET',
    url: (o) => `/api/v2/deposits/${o.paidCode}/laoqr`,
    expected: [404, 'NOT_FOUND'],
  },
  {
    route: 'POST /api/v2/deposits/:code/check',
    method: 'POST',
    url: (o) => `/api/v2/deposits/${o.paidCode}/check`,
    expected: [404, 'NOT_FOUND'],
  },
  {
    route: 'POST /api/v2/deposits/:code/cancel',
    method: 'POST',
    url: (o) => `/api/v2/deposits/${o.paidCode}/cancel`,
    expected: [404, 'NOT_FOUND'],
  },
  {
    route: 'DELETE /api/v2/players/sessions/:id',
    method: 'DELETE',
    url: (o) => `/api/v2/players/sessions/${o.sessionId}`,
    expected: [404, 'NOT_FOUND'],
  },
  {
    route: 'POST /api/v2/deposits',
    method: 'POST',
    url: () => '/api/v2/deposits',
    payload: (v, o) => ({
      provider: 'gclub',
      bankAccountId: o.player.bankAccountId,
      amount: '100000',
      mid: v.mid,
    }),
    expected: [400, 'BANK_ACCOUNT_REQUIRED'],
  },
  // The other agency's payment channel is no channel of this one.
  {
    route: 'POST /api/v2/deposits',
    method: 'POST',
    url: () => '/api/v2/deposits',
    payload: (v, o) => ({
      provider: 'gclub',
      bankAccountId: v.player.bankAccountId,
      amount: '100000',
      mid: o.mid,
    }),
    expected: [400, 'UNKNOWN_CHANNEL'],
  },
  {
    route: 'POST /api/v2/withdrawals',
    method: 'POST',
    url: () => '/api/v2/withdrawals',
    payload: (_v, o) => ({ provider: 'gclub', bankAccountId: o.player.bankAccountId, credit: '60.00' }),
    expected: [400, 'BANK_ACCOUNT_REQUIRED'],
  },
  // An unknown promotion id gets this answer too (use-promotion.ts).
  {
    route: 'POST /api/v2/promotions/use',
    method: 'POST',
    url: () => '/api/v2/promotions/use',
    payload: (_v, o) => ({ promotionId: o.promotionId, providerId: 'gclub' }),
    expected: [409, 'PROMOTION_INACTIVE'],
  },
  {
    route: 'POST /api/v2/promotions/usages/cancel',
    method: 'POST',
    url: () => '/api/v2/promotions/usages/cancel',
    payload: (_v, o) => ({ usageId: o.usageId }),
    as: 'promoPlayer',
    expected: [404, 'NOT_FOUND'],
  },
  {
    route: 'GET /api/v2/promotions/:id',
    method: 'GET',
    url: (o) => `/api/v2/promotions/${o.promotionId}`,
    as: 'nobody',
    expected: [404, 'NOT_FOUND'],
  },
];

// Public pages of the host's agency: its own settings, rates and promotions, none of the other's.
type PublicRow = { route: string; url: (v: World) => string; own: (v: World) => string[] };
const PUBLIC: PublicRow[] = [
  {
    route: 'GET /api/v2/agency/info',
    url: () => '/api/v2/agency/info',
    own: (v) => [v.agencyId, v.name, v.mid],
  },
  { route: 'GET /manifest.webmanifest', url: () => '/manifest.webmanifest', own: (v) => [v.name] },
  { route: 'GET /api/v2/banks', url: () => '/api/v2/banks', own: () => ['bcel'] },
  { route: 'GET /api/v2/exchange-rates', url: () => '/api/v2/exchange-rates', own: () => ['THB'] },
  { route: 'GET /api/v2/promotions', url: () => '/api/v2/promotions', own: (v) => [v.promotionId] },
  {
    route: 'GET /api/v2/promotions/:id',
    url: (v) => `/api/v2/promotions/${v.promotionId}`,
    own: (v) => [v.promotionId],
  },
];

// Routes of the signed-in player's own account that name no record: the session is their only key, and a
// session of the other agency is refused on each of them (the sweep).
const SESSION_ONLY = [
  'POST /api/v2/players/security/password/change',
  'POST /api/v2/fingerprint',
  'POST /api/v2/players/security/totp/setup',
  'POST /api/v2/players/security/totp/enable',
  'POST /api/v2/players/security/totp/disable',
  'PUT /api/v2/players/limits',
  'POST /api/v2/players/time-out',
  'POST /api/v2/players/self-exclusion',
  'POST /api/v2/players/bank-accounts',
  'POST /api/v2/games/:provider/launch',
  // Names providers only, never a record (decision 0072).
  'POST /api/v2/credits/transfer',
];
// Tested in their own cases below.
const OWN_TESTS = [
  'POST /api/v2/players/register',
  'POST /api/v2/players/username/validate',
  'POST /api/v2/players/login',
  'POST /api/v2/players/logout',
  'GET /api/v2/agency/logo/:sha256',
];
// The player's event stream: agency-isolation-streams.test.ts.
const STREAMS = ['GET /api/v2/players/events'];
// The bank's signed webhook names no agency: a payment is matched to its order's agency by its bill, and one
// of a bill no agency issued is in every agency's queue by design (decision 0023; the ops tests credit such a
// payment to another agency's player and are refused).
const NO_AGENCY = ['POST /api/v2/bank/webhook'];

describe('every player route is covered', () => {
  it('each route is in one of the tables here, and every session route with a body has a valid one', () => {
    expect(routes.length).toBeGreaterThan(40);
    const covered = new Set([
      ...READS.map((r) => r.route),
      ...BY_ID.map((r) => r.route),
      ...PUBLIC.map((r) => r.route),
      ...SESSION_ONLY,
      ...OWN_TESTS,
      ...STREAMS,
      ...NO_AGENCY,
    ]);
    expect(
      routes.filter((r) => !covered.has(keyOf(r))).map(keyOf),
      'player routes without a row: add one',
    ).toEqual([]);
    const known = new Set(routes.map(keyOf));
    expect([...covered].filter((route) => !known.has(route))).toEqual([]);
    const withoutBody = routes.filter((r) => r.guard === 'session' && r.hasBody && !SESSION_BODIES[keyOf(r)]);
    expect(withoutBody.map(keyOf), 'session routes without a valid body for the sweep').toEqual([]);
    // Every route that reads a session is swept; every other one here is public by design.
    expect(
      routes.filter((r) => r.guard === 'none').map(keyOf),
      'player routes without an agency guard',
    ).toEqual(['POST /api/v2/players/logout', 'POST /api/v2/bank/webhook']);
  });
});

describe("a player's session on the other agency's host", () => {
  it.each(DIRECTIONS)(
    'is refused (401) on every session route on %s’s host (session of %s), and still works at home',
    async (viewerLabel, otherLabel) => {
      const viewer = worldOf(viewerLabel);
      const other = worldOf(otherLabel);
      const home = () => asPlayer(t.app, other.player, 'GET', '/api/v2/players/info');
      expect((await home()).json().player.id).toBe(other.player.player.id);
      const before = await databaseSnapshot(t.app, viewer.agencyId);
      const swept = routes.filter((r) => r.guard === 'session' && !STREAMS.includes(keyOf(r)));
      expect(swept.length).toBeGreaterThan(25);
      for (const route of swept) {
        for (const holder of [other.player, other.promoPlayer]) {
          const res = await asPlayer(
            t.app,
            holder,
            route.method,
            withIdsOf(other, route.url),
            SESSION_BODIES[keyOf(route)]?.(other),
            viewer.host,
          );
          expectError(
            res,
            401,
            'UNAUTHORIZED',
            `${keyOf(route)} on ${viewer.host} with a session of ${other.label}`,
          );
        }
      }
      expect(changedTables(before, await databaseSnapshot(t.app, viewer.agencyId))).toEqual([]);
      expect((await home()).json().player.id).toBe(other.player.player.id);
    },
  );

  it.each(DIRECTIONS)(
    'signing out on %s’s host does not end the session of %s it carried',
    async (viewerLabel, otherLabel) => {
      const viewer = worldOf(viewerLabel);
      const other = worldOf(otherLabel);
      const cookie = await loginTestPlayer(t.app, other.player.username, other.player.password, {
        host: other.host,
      });
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/v2/players/logout',
        headers: { host: viewer.host, cookie },
      });
      expect(out.statusCode).toBe(204);
      const home = await asPlayer(t.app, { cookie, host: other.host }, 'GET', '/api/v2/players/info');
      expect([home.statusCode, home.json().player?.id]).toEqual([200, other.player.player.id]);
      // At home, the same sign-out ends it.
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/players/logout',
        headers: { host: other.host, cookie },
      });
      expect(
        (await asPlayer(t.app, { cookie, host: other.host }, 'GET', '/api/v2/players/info')).statusCode,
      ).toBe(401);
    },
  );

  it.each(DIRECTIONS)(
    'signing in on %s’s host does not end the session of %s the browser still carried',
    async (viewerLabel, otherLabel) => {
      const viewer = worldOf(viewerLabel);
      const other = worldOf(otherLabel);
      const cookie = await loginTestPlayer(t.app, other.player.username, other.player.password, {
        host: other.host,
      });
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/api/v2/players/login',
        headers: { host: viewer.host, cookie },
        payload: { username: viewer.promoPlayer.username, password: viewer.promoPlayer.password },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const home = await asPlayer(t.app, { cookie, host: other.host }, 'GET', '/api/v2/players/info');
      expect([home.statusCode, home.json().player?.id]).toEqual([200, other.player.player.id]);
    },
  );
});

describe('accounts are per agency', () => {
  it.each(DIRECTIONS)(
    'on %s’s host, the username and password of %s’s player sign in nobody of the other agency',
    async (viewerLabel, otherLabel) => {
      const viewer = worldOf(viewerLabel);
      const other = worldOf(otherLabel);
      // Both agencies have a player of this username, with different passwords.
      expect(viewer.player.username).toBe(other.player.username);
      const away = await t.app.inject({
        method: 'POST',
        url: '/api/v2/players/login',
        headers: { host: viewer.host },
        payload: { username: other.player.username, password: other.player.password },
      });
      expectError(away, 401, 'INVALID_CREDENTIALS', `login on ${viewer.host}`);
      expect(sessionCookieOf(away)).toBeUndefined();
      const own = await t.app.inject({
        method: 'POST',
        url: '/api/v2/players/login',
        headers: { host: viewer.host },
        payload: { username: viewer.player.username, password: viewer.player.password },
      });
      expect([own.statusCode, own.json().player.id]).toEqual([200, viewer.player.player.id]);
    },
  );

  it.each(DIRECTIONS)(
    'on %s’s host, a username only %s has is free, and registers a player of its own',
    async (viewerLabel, otherLabel) => {
      const viewer = worldOf(viewerLabel);
      const other = worldOf(otherLabel);
      const username = other.promoPlayer.username;
      const validate = (host: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v2/players/username/validate',
          headers: { host },
          payload: { username },
        });
      expect((await validate(other.host)).json()).toEqual({ username, available: false });
      expect((await validate(viewer.host)).json()).toEqual({ username, available: true });
      const namesake = await registerTestPlayer(t.app, {
        host: viewer.host,
        username,
        fingerprint: `fp-${randomUUID()}`,
      });
      expect(namesake.player.id).not.toBe(other.promoPlayer.player.id);
      const info = await asPlayer(
        t.app,
        { cookie: namesake.cookie, host: viewer.host },
        'GET',
        '/api/v2/players/info',
      );
      expectNoneOf(other, info.body, `players/info of ${viewer.label}'s namesake`);
    },
  );

  it.each(DIRECTIONS)(
    'on %s’s host, a bank account number %s’s player holds is free',
    async (viewerLabel, otherLabel) => {
      const viewer = worldOf(viewerLabel);
      const other = worldOf(otherLabel);
      const addAccount = async (accountNumber: string) => {
        const p = await registerTestPlayer(t.app, { host: viewer.host, fingerprint: `fp-${randomUUID()}` });
        return asPlayer(
          t.app,
          { cookie: p.cookie, host: viewer.host },
          'POST',
          '/api/v2/players/bank-accounts',
          {
            bank: 'bcel',
            accountNumber,
            accountName: 'SOMCHAI PHOMMAVONG',
            currency: 'LAK',
            owner: 'SELF',
          },
        );
      };
      const added = await addAccount(other.promoPlayer.accountNumber);
      expect(added.statusCode, added.body).toBe(201);
      // The rule itself is on: a number a player of the same agency holds is refused.
      expectError(
        await addAccount(viewer.promoPlayer.accountNumber),
        409,
        'ACCOUNT_IN_USED',
        'number held in the agency',
      );
    },
  );

  it.each(DIRECTIONS)(
    'a first-order promotion of %s ignores deposits of %s’s players on the same device',
    async (viewerLabel, otherLabel) => {
      const viewer = worldOf(viewerLabel);
      const other = worldOf(otherLabel);
      // The promotion player took it (set-up) on the device of the other agency's player, who deposited.
      expect(viewer.promoPlayer.fingerprint).toBe(other.player.fingerprint);
      const deposits = await asPlayer(t.app, other.player, 'GET', '/api/v2/deposits');
      expect(deposits.json().items).toContainEqual(
        expect.objectContaining({ code: other.successCode, status: 'SUCCESS' }),
      );
      const using = await asPlayer(t.app, viewer.promoPlayer, 'GET', '/api/v2/players/promotions/using');
      expect(using.json().usage).toMatchObject({ usageId: viewer.usageId, status: 'ACTIVE' });
      // The rule itself is on: a new player on the device of the viewer's own depositing player is refused.
      const sameDevice = await newPlayer(t.app, viewer.host, { fingerprint: viewer.player.fingerprint });
      const refused = await asPlayer(t.app, sameDevice, 'POST', '/api/v2/promotions/use', {
        promotionId: viewer.promotionId,
        providerId: 'gclub',
      });
      expectError(refused, 409, 'PROMOTION_ONLY_FOR_FIRST_ORDER', 'first order on a device that deposited');
    },
  );
});

describe('a signed-in player of an agency on its own host', () => {
  it.each(DIRECTIONS)(
    'sees on every page of %s its own records and none of %s’s',
    async (viewerLabel, otherLabel) => {
      const viewer = worldOf(viewerLabel);
      const other = worldOf(otherLabel);
      for (const row of READS) {
        const [method] = row.route.split(' ') as [Method];
        const who = row.as === 'promoPlayer' ? viewer.promoPlayer : viewer.player;
        const res = await asPlayer(t.app, who, method, row.url);
        const where = `${viewer.label}: ${row.route}`;
        expect(res.statusCode, `${where}: ${res.body}`).toBe(200);
        for (const own of row.own(viewer)) expect(res.body, `${where} should show ${own}`).toContain(own);
        expectNoneOf(other, res.body, where);
      }
    },
  );

  it.each(DIRECTIONS)(
    'on %s’s host, never reaches a record of %s by its id, and nothing changes',
    async (viewerLabel, otherLabel) => {
      const viewer = worldOf(viewerLabel);
      const other = worldOf(otherLabel);
      // Touch the sessions used first: a later first request of the minute would move their last_seen.
      for (const p of [viewer.player, viewer.promoPlayer])
        await asPlayer(t.app, p, 'GET', '/api/v2/players/info');
      const before = await databaseSnapshot(t.app, viewer.agencyId);
      for (const row of BY_ID) {
        const url = row.url(other);
        const payload = row.payload?.(viewer, other);
        const res =
          row.as === 'nobody'
            ? await t.app.inject({ method: row.method, url, headers: { host: viewer.host } })
            : await asPlayer(
                t.app,
                row.as === 'promoPlayer' ? viewer.promoPlayer : viewer.player,
                row.method,
                url,
                payload,
              );
        const where = `${viewer.label}: ${row.method} ${url}`;
        expectError(res, row.expected[0], row.expected[1], where);
        expect(changedTables(before, await databaseSnapshot(t.app, viewer.agencyId)), where).toEqual([]);
      }
    },
  );

  it('the answer for the other agency’s record is the one for a record that does not exist', async () => {
    const as = (url: string, payload?: unknown) =>
      asPlayer(t.app, b.player, payload ? 'POST' : 'GET', url, payload);
    const pairs = [
      [`/api/v2/deposits/${a.paidCode}/laoqr`, '/api/v2/deposits/D2601159999ZZ/laoqr'],
      [`/api/v2/promotions/${a.promotionId}`, `/api/v2/promotions/${randomUUID()}`],
    ];
    for (const [foreign, missing] of pairs) {
      const [x, y] = [await as(foreign as string), await as(missing as string)];
      expect([x.statusCode, x.json().error.code], foreign).toEqual([y.statusCode, y.json().error.code]);
    }
    const use = (promotionId: string) => as('/api/v2/promotions/use', { promotionId, providerId: 'gclub' });
    expect((await use(a.promotionId)).json().error).toEqual((await use(randomUUID())).json().error);
  });
});

describe("each host shows its own agency's public pages", () => {
  it.each(DIRECTIONS)(
    '%s’s, with none of %s’s settings, rates or promotions',
    async (viewerLabel, otherLabel) => {
      const viewer = worldOf(viewerLabel);
      const other = worldOf(otherLabel);
      for (const row of PUBLIC) {
        const res = await t.app.inject({
          method: 'GET',
          url: row.url(viewer),
          headers: { host: viewer.host },
        });
        const where = `${viewer.label}: ${row.route}`;
        expect(res.statusCode, `${where}: ${res.body}`).toBe(200);
        for (const own of row.own(viewer)) expect(res.body, `${where} should show ${own}`).toContain(own);
        expectNoneOf(other, res.body, where);
      }
    },
  );

  it('each agency its own exchange rates, as its staff set them', async () => {
    for (const w of [a, b]) {
      const shown = (
        await t.app.inject({ method: 'GET', url: '/api/v2/exchange-rates', headers: { host: w.host } })
      ).json().rates as Array<{ currency: string; buy: string; sell: string }>;
      const history = (
        await asToken(t.app, w.host, 'GET', '/api/ops/v1/exchange-rates?currency=THB&pageSize=1')
      ).json().items as Array<{ buy: string; sell: string }>;
      expect(shown.find((r) => r.currency === 'THB')).toEqual({ currency: 'THB', ...pickRate(history[0]) });
    }
    const thb = async (host: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/v2/exchange-rates', headers: { host } })).json().rates;
    expect(await thb(a.host)).not.toEqual(await thb(b.host));
  });

  it('each agency its own logo, served on its own host only', async () => {
    const upload = async (w: World) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ops/v1/settings/logo',
        headers: {
          host: w.host,
          authorization: `Bearer ${t.app.opsToken.token}`,
          'content-type': 'image/svg+xml',
        },
        payload: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>Logo of ${w.label}</title><rect width="10" height="10"/></svg>`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().logoUrl as string;
    };
    const [logoA, logoB] = [await upload(a), await upload(b)];
    expect(logoA).not.toBe(logoB);
    for (const [own, foreign, w] of [
      [logoA, logoB, a],
      [logoB, logoA, b],
    ] as const) {
      const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: w.host } });
      expect((await get(own)).statusCode, own).toBe(200);
      expectError(await get(foreign), 404, 'NOT_FOUND', `${w.label} asked for the other agency's logo`);
      const info = (await get('/api/v2/agency/info')).json().agency;
      expect(info.logoUrl).toBe(own);
    }
  });
});

const pickRate = (item: { buy: string; sell: string } | undefined) => ({ buy: item?.buy, sell: item?.sell });
