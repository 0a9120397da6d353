import { ZApiError, ZErrorCode } from '@lc/shared/errors';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postDeposit } from './modules/deposits/deposit-test-helpers';
import { createTestApp, registerTestPlayer, sessionCookieOf, type TestApp } from './test/app';
import { anyJson, arbitraryFor } from './test/zod-arbitrary';

// Generated requests against every route the app registers (issue #13 acceptance): no 5xx, every error in
// the contract's shape, and no secret in the logs of the whole run (traced at the most verbose level).
type Route = { method: string; url: string; params?: unknown; querystring?: unknown; body?: unknown };

const routes: Route[] = [];
const lines: string[] = [];
const secrets = new Set<string>();
const known: string[] = [];
let t: TestApp;
let cookie: string;
/** The run's own player, and another whose sessions staff routes may end. */
let runPlayerId = '';
let otherPlayerId = '';

function collect(route: RouteOptions): void {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    // HEAD is GET without a body; server-sent event streams never end, so inject would wait forever.
    if (method === 'HEAD' || route.url.endsWith('/events')) continue;
    routes.push({ method, url: route.url, ...schema });
  }
}

/** Keeps every session token a response hands out, to look for it in the logs afterwards. */
function remember(setCookie: string | string[] | undefined): void {
  for (const line of [setCookie ?? []].flat()) {
    const value = /^[^=]+=([^;]*)/.exec(line)?.[1];
    if (value && value.length > 20) secrets.add(value);
  }
}

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'trace' },
    { listen: true, onRoute: collect, logStream: { write: (line) => lines.push(line) } },
  );
  const signedIn = await registerTestPlayer(t.app);
  runPlayerId = signedIn.player.id;
  otherPlayerId = (await registerTestPlayer(t.app)).player.id;
  const accountNumber = '209876543210987';
  const account = await t.app.inject({
    method: 'POST',
    url: '/api/v2/players/bank-accounts',
    headers: { host: 'localhost', cookie: signedIn.cookie },
    payload: { bank: 'bcel', accountNumber, accountName: 'FUZZ PLAYER', currency: 'LAK', owner: 'SELF' },
  });
  const p = { ...signedIn, bankAccountId: account.json().bankAccount.id, host: 'localhost' };
  const deposit = await postDeposit(t.app, p);
  const promotions = await t.app.inject({
    method: 'GET',
    url: '/api/v2/promotions',
    headers: { host: 'localhost' },
  });
  for (const promotion of promotions.json().promotions) known.push(promotion.id);
  cookie = p.cookie;
  for (const value of [p.cookie.split('=')[1] ?? '', t.app.opsToken.token, p.password, accountNumber])
    secrets.add(value);
  known.push(deposit.json().order.code, p.player.id, p.bankAccountId, p.username, 'gclub', 'bcel');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const segment = () =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...known), weight: 3 },
    { arbitrary: fc.string({ maxLength: 20 }).map(encodeURIComponent), weight: 2 },
    {
      arbitrary: fc.constantFrom('%00', 'a%00b', '%ff', '%ED%A0%80', 'b'.repeat(120), '..', '%2F'),
      weight: 2,
    },
  );

function requestFor(route: Route) {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const isOps = route.url.startsWith('/api/ops/');
  return fc
    .record({
      segments: fc.tuple(...names.map(() => segment())),
      query: route.querystring ? arbitraryFor(route.querystring) : fc.constant(undefined),
      body: route.body ? arbitraryFor(route.body) : fc.option(anyJson, { nil: undefined }),
      contentType: fc.constantFrom('application/json', 'application/json', 'text/plain', undefined),
      auth: fc.constantFrom('own', 'own', 'own', 'none', 'wrong'),
      host: fc.constantFrom('localhost', 'localhost', 'unknown.example'),
      // A header carries visible ASCII only (the HTTP parser refuses the rest before the app sees it).
      idempotencyKey: fc.option(fc.stringMatching(/^[!-~]{0,300}$/), { nil: undefined }),
    })
    .map((r) => {
      let path = route.url;
      names.forEach((name, i) => {
        path = path.replace(`:${name}`, r.segments[i] ?? '');
      });
      const query = r.query && typeof r.query === 'object' ? new URLSearchParams() : undefined;
      for (const [key, value] of Object.entries(query ? (r.query as object) : {}))
        if (value !== undefined)
          query?.append(key, typeof value === 'string' ? value : JSON.stringify(value));
      const headers: Record<string, string> = { host: r.host };
      if (r.contentType) headers['content-type'] = r.contentType;
      if (r.idempotencyKey) headers['idempotency-key'] = r.idempotencyKey;
      // Staff ending a player's sessions aim at another player: ending the run's own would sign it out.
      if (route.url.endsWith('/sessions/end')) path = path.replace(runPlayerId, otherPlayerId);
      // Logout with the shared session would sign the rest of the run out.
      const isLogout = route.url.endsWith('/players/logout');
      if (r.auth === 'own' && isOps) headers.authorization = `Bearer ${t.app.opsToken.token}`;
      else if (r.auth === 'own') headers.cookie = isLogout ? 'sid=not-a-live-session' : cookie;
      if (r.auth === 'wrong') headers.authorization = 'Bearer not-the-ops-token-0000000000';
      return {
        method: route.method as 'GET',
        url: query && query.size > 0 ? `${path}?${query}` : path,
        headers,
        payload: r.body === undefined ? undefined : JSON.stringify(r.body),
      };
    });
}

/**
 * api.md's shape with a known code; the sandboxes speak the bank's and providers' protocol (`{code, message}`)
 * (or an HTML page, for the demo game's pages) except where the router refuses the URL before their scope
 * is reached.
 */
function errorShapeProblem(
  url: string,
  res: { statusCode: number; body: string; headers: object },
): string | null {
  const { statusCode: status, body } = res;
  if (status < 400) return null;
  const type = String((res.headers as Record<string, unknown>)['content-type'] ?? '');
  if (url.startsWith('/sandbox/') && type.startsWith('text/html')) return null;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return `not JSON: ${body.slice(0, 120)}`;
  }
  const parsed = ZApiError.safeParse(json);
  if (parsed.success) {
    const { code } = parsed.data.error;
    return ZErrorCode.safeParse(code).success ? null : `unknown code ${code}`;
  }
  const { code, message } = (json ?? {}) as { code?: unknown; message?: unknown };
  const isSandboxShape = typeof code === 'string' && typeof message === 'string';
  return url.startsWith('/sandbox/') && isSandboxShape
    ? null
    : `not the contract shape: ${body.slice(0, 200)}`;
}

describe('generated requests to every route', () => {
  it('enumerates the whole API, ops and sandbox included', () => {
    const urls = new Set(routes.map((r) => r.url));
    for (const url of ['/api/v2/players/register', '/api/v2/deposits/:code/cancel', '/api/ops/v1/players'])
      expect(urls).toContain(url);
    expect(routes.length).toBeGreaterThan(50);
  });

  it('never answer 5xx, answer every error in the contract shape, and log no secret', async () => {
    const started = Date.now();
    const reachedHandlers = new Set<string>();
    for (const route of routes) {
      const isSandboxProvider = route.url.startsWith('/sandbox/providers/');
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (request) => {
          const res = await t.app.inject(request);
          remember(res.headers['set-cookie']);
          if (res.statusCode < 300) reachedHandlers.add(`${route.method} ${route.url}`);
          const label = `${request.method} ${request.url}`;
          expect(res.statusCode, `${label} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
          expect(errorShapeProblem(request.url, res), label).toBeNull();
        }),
        { numRuns: isSandboxProvider ? 6 : 30 },
      );
    }
    // Not only refusals: with the session and the ops token, many API routes answered a success at least once
    // (the sandbox providers want signed requests, which generated ones never are).
    const apiRoutes = routes.filter((r) => r.url.startsWith('/api/'));
    const reachedApi = apiRoutes.filter((r) => reachedHandlers.has(`${r.method} ${r.url}`));
    expect(reachedApi.length).toBeGreaterThan(apiRoutes.length / 3);
    // The log checks cover every line of the run, setup included.
    const log = lines.join('\n');
    expect(log).not.toContain('$argon2id$');
    for (const secret of secrets) {
      const line = lines.find((l) => l.includes(secret));
      expect(line, 'a secret reached the logs').toBeUndefined();
    }
    expect(lines.length).toBeGreaterThan(routes.length);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);
});

it('the session cookie of the run is still live (no request signed it out)', async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v2/players/info',
    headers: { host: 'localhost', cookie },
  });
  expect(res.statusCode).toBe(200);
  expect(sessionCookieOf(res)).toBeUndefined();
});
