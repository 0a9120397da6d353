import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerTestPlayer, type TestApp } from '../test/app';

// Finding 11 of issue #13: authenticated JSON had no Cache-Control, and the router's own refusals
// (`%ff` in a path, an over-long path parameter) answered in Fastify's shape instead of the contract's.
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await registerTestPlayer(t.app)).cookie;
});
afterAll(async () => {
  await t?.close();
});

const ops = () => ({ host: 'localhost', authorization: `Bearer ${t.app.opsToken.token}` });

describe('Cache-Control', () => {
  it('is no-store on a player answer, an ops answer, a public API answer and an error', async () => {
    const answers = [
      await t.app.inject({
        method: 'GET',
        url: '/api/v2/players/info',
        headers: { host: 'localhost', cookie },
      }),
      await t.app.inject({
        method: 'GET',
        url: '/api/v2/players/bank-accounts',
        headers: { host: 'localhost', cookie },
      }),
      await t.app.inject({ method: 'GET', url: '/api/ops/v1/players', headers: ops() }),
      await t.app.inject({ method: 'GET', url: '/api/v2/agency/info', headers: { host: 'localhost' } }),
      await t.app.inject({ method: 'GET', url: '/api/v2/players/info', headers: { host: 'localhost' } }),
      await t.app.inject({ method: 'GET', url: '/api/v2/nope', headers: { host: 'localhost' } }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 401, 404]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it("leaves a route's own policy alone (the sandbox game's static assets)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/providers/assets/game.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
  });
});

describe('router refusals in the contract shape', () => {
  it.each([
    ['%ff in the path', '/api/v2/deposits/%ff/laoqr'],
    ['a 120-character path parameter', `/api/v2/deposits/${'b'.repeat(120)}/laoqr`],
    ['a bad escape on an unknown path', '/api/v2/%zz'],
  ])('%s → 400 VALIDATION_ERROR with the usual headers', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost', cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: 'Malformed URL' } });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('answers a 41-character order code with 400 VALIDATION_ERROR naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/deposits/${'a'.repeat(41)}/cancel`,
      headers: { host: 'localhost', cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message: 'Invalid request', fields: { code: 'INVALID' } },
    });
  });
});
