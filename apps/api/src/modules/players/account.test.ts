import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts } from '../../db/schema/bank-accounts';
import { playerDevices, players } from '../../db/schema/players';
import {
  createTestApp,
  fingerprintPayload,
  loginTestPlayer,
  registerTestPlayer,
  sessionCookieOf,
  type TestApp,
} from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string | undefined, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

describe('GET /api/v2/players/info', () => {
  it('answers player, credential and masked bank accounts', async () => {
    const p = await registerTestPlayer(t.app);
    const [row] = await t.app.db.select().from(players).where(eq(players.id, p.player.id));
    if (!row) throw new Error('player missing');
    await t.app.db.insert(bankAccounts).values({
      playerId: row.id,
      agencyId: row.agencyId,
      bank: 'bcel',
      accountNumber: '0101234567890',
      accountName: 'SOMCHAI P',
      owner: 'SELF',
      createdAt: new Date('2026-01-15T09:00:00Z'),
    });
    const res = await get('/api/v2/players/info', p.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.player).toEqual(p.player);
    expect(body.credential).toEqual({ username: p.username, passwordChangedAt: null });
    expect(body.bankAccounts).toEqual([
      {
        id: expect.any(String),
        bank: 'bcel',
        accountNumber: '*********7890',
        accountName: 'SOMCHAI P',
        currency: 'LAK',
        owner: 'SELF',
        createdAt: '2026-01-15T09:00:00.000Z',
      },
    ]);
    expect(res.body).not.toContain('0101234567890');
    expect(res.body).not.toContain('argon2');
  });

  it('answers 401 without a session', async () => {
    expect((await get('/api/v2/players/info')).statusCode).toBe(401);
  });
});

describe('POST /api/v2/players/logout', () => {
  it('answers 204, clears the cookie and ends the session server-side', async () => {
    const p = await registerTestPlayer(t.app);
    const res = await post('/api/v2/players/logout', p.cookie);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    // Replaying the old cookie (as a thief would) no longer works.
    expect((await get('/api/v2/players/info', p.cookie)).statusCode).toBe(401);
  });

  it('accepts an empty JSON body too', async () => {
    const p = await registerTestPlayer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/logout',
      headers: { cookie: p.cookie, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(204);
    expect((await get('/api/v2/players/info', p.cookie)).statusCode).toBe(401);
  });
});

describe('POST /api/v2/players/security/password/change', () => {
  const url = '/api/v2/players/security/password/change';

  it('answers 204, rotates the current session and ends all others', async () => {
    const p = await registerTestPlayer(t.app);
    const other = await loginTestPlayer(t.app, p.username, p.password);
    t.clock.advance(5000);
    const res = await post(url, p.cookie, {
      currentPassword: p.password,
      newPassword: 'brand-new-secret-9',
      confirmNewPassword: 'brand-new-secret-9',
    });
    expect(res.statusCode).toBe(204);
    const rotated = sessionCookieOf(res);
    expect(rotated).toBeDefined();
    expect((await get('/api/v2/players/info', p.cookie)).statusCode).toBe(401);
    expect((await get('/api/v2/players/info', other)).statusCode).toBe(401);
    const info = await get('/api/v2/players/info', rotated);
    expect(info.statusCode).toBe(200);
    expect(info.json().credential.passwordChangedAt).toBe(t.clock.now().toISOString());
    // Old password is gone, new one works.
    await expect(loginTestPlayer(t.app, p.username, p.password)).rejects.toThrow(/401/);
    await expect(loginTestPlayer(t.app, p.username, 'brand-new-secret-9')).resolves.toMatch(/^sid=/);
  });

  it('answers 400 WRONG_CURRENT_PASSWORD and keeps the sessions', async () => {
    const p = await registerTestPlayer(t.app);
    const res = await post(url, p.cookie, {
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-secret-9',
      confirmNewPassword: 'brand-new-secret-9',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('WRONG_CURRENT_PASSWORD');
    expect((await get('/api/v2/players/info', p.cookie)).statusCode).toBe(200);
  });

  it('answers PASSWORD_MISMATCH on confirmNewPassword and TOO_SHORT under 8', async () => {
    const p = await registerTestPlayer(t.app);
    const mismatch = await post(url, p.cookie, {
      currentPassword: p.password,
      newPassword: 'brand-new-secret-9',
      confirmNewPassword: 'brand-new-secret-8',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { confirmNewPassword: 'PASSWORD_MISMATCH' },
    });
    const short = await post(url, p.cookie, {
      currentPassword: 'short',
      newPassword: 'x',
      confirmNewPassword: 'x',
    });
    expect(short.json().error.fields).toEqual({
      currentPassword: 'TOO_SHORT',
      newPassword: 'TOO_SHORT',
      confirmNewPassword: 'TOO_SHORT',
    });
  });

  it('refuses a common new password', async () => {
    const p = await registerTestPlayer(t.app);
    const res = await post(url, p.cookie, {
      currentPassword: p.password,
      newPassword: 'iloveyou1',
      confirmNewPassword: 'iloveyou1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ newPassword: 'COMMON_PASSWORD' });
  });

  it('answers 401 without a session', async () => {
    const res = await post(url, undefined, {
      currentPassword: 'whatever1',
      newPassword: 'whatever2',
      confirmNewPassword: 'whatever2',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/v2/players/backlist', () => {
  it('answers {blocked:false} for a normal player and the reason once blocked', async () => {
    const p = await registerTestPlayer(t.app);
    expect((await get('/api/v2/players/backlist', p.cookie)).json()).toEqual({
      blocked: false,
      reason: null,
    });
    await t.app.db
      .update(players)
      .set({ blockedAt: t.clock.now(), blockReason: 'promotion abuse' })
      .where(eq(players.id, p.player.id));
    const res = await get('/api/v2/players/backlist', p.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ blocked: true, reason: 'promotion abuse' });
  });

  it('answers 401 without a session', async () => {
    expect((await get('/api/v2/players/backlist')).statusCode).toBe(401);
  });
});

describe('POST /api/v2/fingerprint', () => {
  it('answers 204 and upserts the device: first seen stays, last seen moves', async () => {
    const p = await registerTestPlayer(t.app);
    const first = await post('/api/v2/fingerprint', p.cookie, {
      fingerprint: fingerprintPayload('fp-device-x'),
    });
    expect(first.statusCode).toBe(204);
    const firstSeen = t.clock.now();
    t.clock.advance(20 * 60_000); // within the idle timeout
    const again = await post('/api/v2/fingerprint', p.cookie, {
      fingerprint: { ...fingerprintPayload('fp-device-x'), screen: '390x844' },
    });
    expect(again.statusCode).toBe(204);
    const rows = await t.app.db.select().from(playerDevices).where(eq(playerDevices.playerId, p.player.id));
    const device = rows.find((r) => r.hash === 'fp-device-x');
    if (!device) throw new Error('device not stored');
    expect(rows).toHaveLength(2); // the registration device and this one
    expect(device.firstSeenAt.toISOString()).toBe(firstSeen.toISOString());
    expect(device.lastSeenAt.toISOString()).toBe(t.clock.now().toISOString());
    expect((device.payload as { screen: string }).screen).toBe('390x844');
  });

  it('answers 400 VALIDATION_ERROR for an incomplete payload and 401 without a session', async () => {
    const p = await registerTestPlayer(t.app);
    const { webGL: _omit, ...partial } = fingerprintPayload();
    const bad = await post('/api/v2/fingerprint', p.cookie, { fingerprint: partial });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ 'fingerprint.webGL': 'REQUIRED' });
    const anon = await post('/api/v2/fingerprint', undefined, { fingerprint: fingerprintPayload() });
    expect(anon.statusCode).toBe(401);
  });
});
