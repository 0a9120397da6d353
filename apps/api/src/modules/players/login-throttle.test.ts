import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, registerTestPlayer, type TestApp, uniqueUsername } from '../../test/app';

// Counts every password check the login makes (real and dummy), so the tests see the checks themselves and
// not only the answers.
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../lib/password', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/password')>();
  return {
    ...original,
    verifyPassword: (hash: string, password: string) => {
      checks.count += 1;
      return original.verifyPassword(hash, password);
    },
    verifyDummyPassword: (password: string) => {
      checks.count += 1;
      return original.verifyDummyPassword(password);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  // Each test starts outside the 15-minute windows of the ones before.
  t.clock.advance(60 * 60 * 1000);
  checks.count = 0;
});

const login = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/players/login',
    payload: { username, password },
    remoteAddress,
  });

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, r) => {
    counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe('login throttle under concurrency', () => {
  it('checks at most 5 passwords of one username when 30 addresses try at once', async () => {
    const p = await registerTestPlayer(t.app);
    checks.count = 0;
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(p.username, `wrong-pass-${i}`, `203.0.113.${i + 1}`)),
    );
    expect(checks.count).toBe(5);
    expect(statuses(responses)).toEqual({ 401: 5, 429: 25 });
    const refused = responses.find((r) => r.statusCode === 429);
    expect(refused?.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many failed attempts, try again later' },
    });
    expect(Number(refused?.headers['retry-after'])).toBe(15 * 60);
    // The right password is refused too while the username is throttled, without being checked.
    const right = await login(p.username, p.password, '203.0.113.99');
    expect(right.statusCode).toBe(429);
    expect(checks.count).toBe(5);
  });

  it('checks at most 30 passwords from one address when 40 usernames are tried at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => login(uniqueUsername('spray'), 'wrong-password', '198.51.100.7')),
    );
    expect(checks.count).toBe(30);
    expect(statuses(responses)).toEqual({ 401: 30, 429: 10 });
  });

  it('does not count a successful login against the address, and forgets the username failures', async () => {
    const p = await registerTestPlayer(t.app);
    const ip = '198.51.100.8';
    for (let i = 0; i < 4; i++) expect((await login(p.username, `wrong-${i}-pass`, ip)).statusCode).toBe(401);
    expect((await login(p.username, p.password, ip)).statusCode).toBe(200);
    // The username starts again from zero: 5 more failures before the throttle.
    for (let i = 0; i < 5; i++) expect((await login(p.username, `again-${i}-pass`, ip)).statusCode).toBe(401);
    expect((await login(p.username, p.password, ip)).statusCode).toBe(429);
    // The address holds the 5 failures since the success (the success and the failures it forgave count
    // for nothing): 25 more usernames may be tried from it, not 26.
    const others = await Promise.all(
      Array.from({ length: 26 }, () => login(uniqueUsername('ip'), 'wrong-password', ip)),
    );
    expect(statuses(others)).toEqual({ 401: 25, 429: 1 });
  });
});
