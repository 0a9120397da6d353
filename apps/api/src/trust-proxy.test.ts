import { LOGIN_MAX_FAILURES_PER_IP } from '@lc/shared/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createTestApp, type TestApp, uniqueUsername } from './test/app';

// Finding 9 of issue #13: TRUST_PROXY=true believed every X-Forwarded-For hop, so a client rotating the first
// address (`10.9.N.1, 127.0.0.1`) got a fresh login-throttle key each time.
describe('TRUST_PROXY', () => {
  it('refuses true (every hop) and a bare hop count, and names the variable', () => {
    for (const value of ['true', 'yes', '1', '2'])
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.5,not-an-address' })).toThrow(/not-an-address/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('takes proxy addresses, CIDR ranges and proxy-addr range names; false and 0 mean off', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16 ,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
  });
});

describe('login throttle behind the load balancer', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The balancer is this test's socket peer (inject's 127.0.0.1); it appends the address it saw.
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts one client whatever forged addresses it puts in front of the real one', async () => {
    const balancerSaw = '203.0.113.7';
    const statuses: number[] = [];
    for (let n = 0; n <= LOGIN_MAX_FAILURES_PER_IP; n += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/players/login',
        headers: { host: 'localhost', 'x-forwarded-for': `10.9.${n}.1, 127.0.0.1, ${balancerSaw}` },
        payload: { username: uniqueUsername('tp'), password: 'wrong-password-1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, LOGIN_MAX_FAILURES_PER_IP).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another real client behind the same balancer is not throttled by the first one's failures.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: { host: 'localhost', 'x-forwarded-for': '198.51.100.9' },
      payload: { username: uniqueUsername('tp'), password: 'wrong-password-1' },
    });
    expect(other.statusCode).toBe(401);
  });
});
