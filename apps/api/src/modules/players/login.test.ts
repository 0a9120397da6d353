import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  registerTestPlayer,
  sessionCookieOf,
  type TestApp,
  uniqueUsername,
} from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v2/players/login', payload, headers });
const info = (cookie: string | undefined) =>
  t.app.inject({ method: 'GET', url: '/api/v2/players/info', headers: cookie ? { cookie } : {} });

describe('POST /api/v2/players/login', () => {
  it('answers 200 {player} with a new session, case-insensitive username', async () => {
    const p = await registerTestPlayer(t.app);
    const res = await login({ username: ` ${p.username.toUpperCase()} `, password: p.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ player: p.player });
    const cookie = sessionCookieOf(res);
    expect(cookie).toBeDefined();
    expect(cookie).not.toBe(p.cookie);
    expect((await info(cookie)).statusCode).toBe(200);
  });

  it('answers the same 401 body for an unknown user and a wrong password', async () => {
    const p = await registerTestPlayer(t.app);
    const unknown = await login({ username: uniqueUsername('ghost'), password: 'some-password' });
    const wrong = await login({ username: p.username, password: 'not-the-password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'Incorrect username or password' },
    });
    expect(wrong.body).toBe(unknown.body);
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('answers 400 VALIDATION_ERROR without credentials', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ username: 'REQUIRED', password: 'REQUIRED' });
  });

  it('rotates the session: the cookie sent along with the login stops working', async () => {
    const p = await registerTestPlayer(t.app);
    const res = await login({ username: p.username, password: p.password }, { cookie: p.cookie });
    expect(res.statusCode).toBe(200);
    expect((await info(p.cookie)).statusCode).toBe(401);
    expect((await info(sessionCookieOf(res))).statusCode).toBe(200);
  });

  it('keeps at most 5 live sessions per player, ending the oldest', async () => {
    const p = await registerTestPlayer(t.app);
    const cookies = [p.cookie];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      const res = await login({ username: p.username, password: p.password });
      cookies.push(String(sessionCookieOf(res)));
    }
    expect((await info(cookies[0])).statusCode).toBe(401);
    for (const cookie of cookies.slice(1)) expect((await info(cookie)).statusCode).toBe(200);
  });

  it('throttles after 5 failures per username: 429 RATE_LIMITED with Retry-After, even for the right password', async () => {
    const p = await registerTestPlayer(t.app);
    for (let i = 0; i < 5; i++) {
      expect((await login({ username: p.username, password: `wrong-${i}-pass` })).statusCode).toBe(401);
    }
    const blocked = await login({ username: p.username, password: p.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await login({ username: p.username, password: p.password })).statusCode).toBe(200);
  });

  it('throttles after 30 failures from one IP across usernames', async () => {
    const ip = { 'x-forwarded-for': 'ignored' }; // no trust proxy: every inject comes from 127.0.0.1
    t.clock.advance(60 * 60 * 1000); // leave the windows of earlier tests behind
    for (let i = 0; i < 30; i++) {
      const res = await login({ username: uniqueUsername('spray'), password: 'wrong-password' }, ip);
      expect(res.statusCode).toBe(401);
    }
    const res = await login({ username: uniqueUsername('spray'), password: 'wrong-password' }, ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(16 * 60 * 1000);
  });

  it('answers 404 AGENCY_NOT_FOUND on an unknown host', async () => {
    const res = await login({ username: 'abcd', password: 'abcdefgh' }, { host: 'nowhere.example' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('AGENCY_NOT_FOUND');
  });
});
