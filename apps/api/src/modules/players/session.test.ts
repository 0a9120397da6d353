import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, agencyHosts } from '../../db/schema/agency';
import { createTestApp, registerTestPlayer, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;
const info = (cookie: string | undefined, host = 'localhost') =>
  t.app.inject({
    method: 'GET',
    url: '/api/v2/players/info',
    headers: { host, ...(cookie ? { cookie } : {}) },
  });

describe('sessions', () => {
  it('answers 401 UNAUTHORIZED without a session or with a forged cookie', async () => {
    const none = await info(undefined);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Sign in first' } });
    expect((await info('sid=forged-token-value')).statusCode).toBe(401);
  });

  it('expires after 30 idle minutes', async () => {
    const p = await registerTestPlayer(t.app);
    t.clock.advance(30 * MINUTE + 1000);
    const res = await info(p.cookie);
    expect(res.statusCode).toBe(401);
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=;/); // the dead cookie is cleared
  });

  it('slides: activity within 30 minutes keeps it alive', async () => {
    const p = await registerTestPlayer(t.app);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(20 * MINUTE);
      expect((await info(p.cookie)).statusCode).toBe(200);
    }
  });

  it('ends after 12 hours even when active', async () => {
    const p = await registerTestPlayer(t.app);
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 25) {
      t.clock.advance(25 * MINUTE);
      const status = (await info(p.cookie)).statusCode;
      if (elapsed + 25 <= 12 * 60) expect(status).toBe(200);
      else expect(status).toBe(401);
    }
    t.clock.advance(25 * MINUTE);
    expect((await info(p.cookie)).statusCode).toBe(401);
  });

  it("is not valid on another agency's host", async () => {
    const [other] = await t.app.db
      .insert(agencies)
      .values({
        code: 'other',
        name: 'Other Agency',
        logoUrl: '/brand/logo.svg',
        social: { telegram: null, whatsapp: null, facebook: null, twitter: null, line: null },
        languages: ['lo'],
        paymentChannels: [],
        depositMinLak: 20000n,
        depositMaxLak: 20000000n,
        withdrawMinSatang: 5000n,
        withdrawMaxSatang: 10000000n,
        promotionThresholdSatang: 500n,
      })
      .returning();
    if (!other) throw new Error('insert failed');
    await t.app.db.insert(agencyHosts).values({ host: 'other.test', agencyId: other.id });
    const p = await registerTestPlayer(t.app);
    expect((await info(p.cookie, 'other.test')).statusCode).toBe(401);
    expect((await info(p.cookie, 'localhost')).statusCode).toBe(200);
    // Usernames are unique per agency: the same name registers fine on the other agency.
    const twin = await registerTestPlayer(t.app, { username: p.username, host: 'other.test' });
    expect(twin.player.id).not.toBe(p.player.id);
  });

  it('uses __Host-sid with Secure when SESSION_SECURE', async () => {
    const secure = await (await import('../../test/app')).createTestApp({ SESSION_SECURE: 'true' });
    try {
      const p = await registerTestPlayer(secure.app);
      expect(p.cookie.startsWith('__Host-sid=')).toBe(true);
      const login = await secure.app.inject({
        method: 'POST',
        url: '/api/v2/players/login',
        payload: { username: p.username, password: p.password },
      });
      expect(String(login.headers['set-cookie'])).toMatch(
        /^__Host-sid=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      );
      const health = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const res = await secure.app.inject({
        method: 'GET',
        url: '/api/v2/players/info',
        headers: { cookie: p.cookie },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await secure.close();
    }
  });
});
