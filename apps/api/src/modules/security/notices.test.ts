import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginTestPlayer, registerTestPlayer, type TestApp } from '../../test/app';
import { enableTestTotp, playerRequest, totpCodeAt } from './security-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const noticesOf = async (cookie: string) =>
  (await playerRequest(t.app, cookie, 'GET', '/api/v2/players/notices')).json().notices as {
    kind: string;
    at: string;
    userAgent?: string;
  }[];

describe('GET /api/v2/players/notices', () => {
  it('is empty for a new player (registering is not a new-device login)', async () => {
    const p = await registerTestPlayer(t.app);
    expect(await noticesOf(p.cookie)).toEqual([]);
  });

  it('records NEW_DEVICE_LOGIN for a fingerprint not seen for this player, once, not for a known one', async () => {
    const p = await registerTestPlayer(t.app, { fingerprint: 'fp-home-laptop' });
    await loginTestPlayer(t.app, p.username, p.password, { 'x-fingerprint': 'fp-home-laptop' });
    expect(await noticesOf(p.cookie)).toEqual([]);
    t.clock.advance(1000);
    const ua = 'Mozilla/5.0 (iPhone) NewPhone/2.0';
    const phone = await loginTestPlayer(t.app, p.username, p.password, {
      'x-fingerprint': 'fp-new-phone',
      'user-agent': ua,
    });
    await loginTestPlayer(t.app, p.username, p.password, {
      'x-fingerprint': 'fp-new-phone',
      'user-agent': ua,
    });
    const notices = await noticesOf(phone);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: 'NEW_DEVICE_LOGIN',
      userAgent: ua,
      at: t.clock.now().toISOString(),
    });
    expect(Object.keys(notices[0] ?? {}).sort()).toEqual(['at', 'id', 'kind', 'userAgent']);
  });

  it("is another player's device for this player all the same (devices are per player)", async () => {
    await registerTestPlayer(t.app, { fingerprint: 'fp-shared-cafe' });
    const p = await registerTestPlayer(t.app, { fingerprint: 'fp-own-device' });
    const cookie = await loginTestPlayer(t.app, p.username, p.password, {
      'x-fingerprint': 'fp-shared-cafe',
    });
    expect((await noticesOf(cookie)).map((n) => n.kind)).toEqual(['NEW_DEVICE_LOGIN']);
  });

  it('records PASSWORD_CHANGED, TOTP_ENABLED and TOTP_DISABLED, newest first', async () => {
    const p = await registerTestPlayer(t.app);
    const change = await playerRequest(t.app, p.cookie, 'POST', '/api/v2/players/security/password/change', {
      currentPassword: p.password,
      newPassword: 'Another-pass-2027',
      confirmNewPassword: 'Another-pass-2027',
    });
    expect(change.statusCode).toBe(204);
    const cookie = await loginTestPlayer(t.app, p.username, 'Another-pass-2027');
    t.clock.advance(1000);
    const { secret } = await enableTestTotp(t.app, t.clock, cookie);
    const disable = await playerRequest(t.app, cookie, 'POST', '/api/v2/players/security/totp/disable', {
      password: 'Another-pass-2027',
      code: await totpCodeAt(secret, t.clock),
    });
    expect(disable.statusCode).toBe(204);
    expect((await noticesOf(cookie)).map((n) => n.kind)).toEqual([
      'TOTP_DISABLED',
      'TOTP_ENABLED',
      'PASSWORD_CHANGED',
    ]);
  });

  it("shows only the player's own notices and needs a session", async () => {
    const p = await registerTestPlayer(t.app);
    const other = await registerTestPlayer(t.app);
    await enableTestTotp(t.app, t.clock, other.cookie);
    expect(await noticesOf(p.cookie)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/players/notices' })).statusCode).toBe(401);
  });
});
