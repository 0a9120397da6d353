import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fingerprintPayload, type TestApp, uniqueUsername } from '../test/app';

// Small limits so a test reaches them quickly; the defaults are checked in rate-limit-config.test.ts.
const LIMITS = {
  RATE_LIMIT_REGISTER: '3/10m',
  RATE_LIMIT_USERNAME_CHECK: '10/1m',
  RATE_LIMIT_LOGIN: '4/1m',
  RATE_LIMIT_PUBLIC_READ: '5/1m',
  RATE_LIMIT_PLAYER: '6/1m',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(LIMITS);
});
afterAll(async () => {
  await t?.close();
});

const register = (remoteAddress: string) => {
  const username = uniqueUsername('rl');
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/players/register',
    remoteAddress,
    payload: {
      username,
      password: 'tuk-tuk-on-the-mekong',
      confirmPassword: 'tuk-tuk-on-the-mekong',
      displayName: 'Rate Limited',
      acceptTerms: true,
      adultConfirmed: true,
      fingerprint: fingerprintPayload(),
    },
  });
};

const validate = (remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/players/username/validate',
    remoteAddress,
    payload: { username: uniqueUsername('v') },
  });

const get = (url: string, remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress });

const codes = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);

describe('rate limits', () => {
  it('refuses registrations over the limit of one address with 429 RATE_LIMITED and Retry-After', async () => {
    const ip = '203.0.113.10';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await register(ip));
    expect(codes(answers)).toEqual([201, 201, 201, 429, 429]);
    const refused = answers[3];
    expect(refused?.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many requests, try again later' },
    });
    expect(refused?.headers['retry-after']).toBe('600');
    // Another address has its own count; the first one may register again once the window has passed.
    expect((await register('203.0.113.11')).statusCode).toBe(201);
    t.clock.advance(10 * 60 * 1000);
    expect((await register(ip)).statusCode).toBe(201);
  });

  it('lets exactly the limit through when username checks arrive all at once', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => validate('203.0.113.20')));
    expect(codes(answers).filter((c) => c === 200)).toHaveLength(10);
    expect(codes(answers).filter((c) => c === 429)).toHaveLength(20);
  });

  it('limits logins, public reads and the player API per address, each route of a kind on its own count', async () => {
    const ip = '203.0.113.30';
    const logins = [];
    for (let i = 0; i < 5; i++) {
      logins.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/players/login',
          remoteAddress: ip,
          payload: { username: uniqueUsername('nobody'), password: 'not-a-password' },
        }),
      );
    }
    expect(codes(logins)).toEqual([401, 401, 401, 401, 429]);
    const rates = [];
    for (let i = 0; i < 6; i++) rates.push(await get('/api/v2/exchange-rates', ip));
    expect(codes(rates)).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await get('/api/v2/banks', ip)).statusCode).toBe(200);
    // The signed-in API shares one count per address: 6 answers (here 401 without a session), then 429.
    const player = [];
    for (let i = 0; i < 7; i++)
      player.push(await get(i % 2 === 0 ? '/api/v2/players/info' : '/api/v2/deposits/open', ip));
    expect(codes(player)).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // Those two kinds count in this process's memory, on the app's clock: a new window opens after a minute.
    t.clock.advance(60_000);
    expect((await get('/api/v2/exchange-rates', ip)).statusCode).toBe(200);
    expect((await get('/api/v2/players/info', ip)).statusCode).toBe(401);
  });

  it('never limits health probes', async () => {
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await get('/api/health', '203.0.113.40'));
    expect(new Set(codes(answers))).toEqual(new Set([200]));
  });
});
