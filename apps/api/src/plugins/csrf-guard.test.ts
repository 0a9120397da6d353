import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerWithBankAccount, postDeposit } from '../modules/deposits/deposit-test-helpers';
import { createTestApp, registerTestPlayer, type TestApp } from '../test/app';

// Finding 1 of issue #13: the guard tested the raw URL (`/%61pi/…`) while the router decodes it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  await t?.close();
});

/** What a hostile page's `<form enctype="text/plain">` post sends with the victim's cookie. */
const crossSite = (cookie: string) => ({
  host: 'localhost',
  origin: 'https://evil.example',
  'sec-fetch-site': 'cross-site',
  'content-type': 'text/plain',
  cookie,
});

describe('CSRF guard on percent-encoded paths', () => {
  it.each(['/%61pi/v2/players/logout', '/%61%70%69/v2/players/logout', '/api/v2/players/%6cogout'])(
    'refuses a cross-site %s and leaves the session alive',
    async (url) => {
      const p = await registerTestPlayer(t.app);
      const res = await t.app.inject({ method: 'POST', url, headers: crossSite(p.cookie), payload: 'x=1' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'CSRF', message: 'Cross-site request refused' } });
      const info = await t.app.inject({
        method: 'GET',
        url: '/api/v2/players/info',
        headers: { host: 'localhost', cookie: p.cookie },
      });
      expect(info.statusCode).toBe(200);
    },
  );

  it('refuses a cross-site cancel of a deposit through /%61pi and the deposit stays OPEN', async () => {
    const p = await playerWithBankAccount(t.app);
    const created = await postDeposit(t.app, p);
    expect(created.statusCode).toBe(201);
    const code: string = created.json().order.code;
    const res = await t.app.inject({
      method: 'POST',
      url: `/%61pi/v2/deposits/${code}/cancel`,
      headers: crossSite(p.cookie),
      payload: 'x=1',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF');
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/v2/deposits/open',
      headers: { host: 'localhost', cookie: p.cookie },
    });
    expect(open.json().orders.map((o: { code: string; status: string }) => [o.code, o.status])).toEqual([
      [code, 'OPEN'],
    ]);
  });

  it('still needs JSON on an encoded path from the same site (415)', async () => {
    const p = await registerTestPlayer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/v2/players/logout',
      headers: { host: 'localhost', 'content-type': 'text/plain', cookie: p.cookie },
      payload: 'x=1',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it("takes an image only where a route declares it (the logo upload), never on another route's write", async () => {
    const p = await registerTestPlayer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/logout',
      headers: { host: 'localhost', 'content-type': 'image/png', cookie: p.cookie },
      payload: Buffer.from('\x89PNG'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Content-Type must be application/json',
    });
  });
});
