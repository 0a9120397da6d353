import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  fingerprintPayload,
  registerTestPlayer,
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

const register = (fields: { username?: string; password: string; displayName?: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/players/register',
    payload: {
      username: fields.username ?? uniqueUsername('pp'),
      password: fields.password,
      confirmPassword: fields.password,
      displayName: fields.displayName ?? 'Somchai Phommachanh',
      acceptTerms: true,
      adultConfirmed: true,
      fingerprint: fingerprintPayload(),
    },
  });

const change = (cookie: string, currentPassword: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/players/security/password/change',
    headers: { cookie },
    payload: { currentPassword, newPassword, confirmNewPassword: newPassword },
  });

// Found accepted by the old 100-entry list (issue #13), all in the top 10,000 of leaked-password lists.
const COMMON = ['qwer1234', 'a1234567', '1234567a', '123qweasd', 'baseball1', 'Password1', 'iloveyou2'];

describe('password policy', () => {
  it.each(COMMON)('refuses the common password %s at registration', async (password) => {
    const res = await register({ password });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { password: 'COMMON_PASSWORD' },
    });
  });

  // One character repeated, a short pattern repeated, or a run of the keyboard's or alphabet's order: on no
  // leaked list (the list holds what people chose), and the first thing a guesser tries.
  const TRIVIAL = [
    'aaaaaaaa',
    'ZZZZZZZZZZ',
    '11111111',
    'abababab',
    'abcabcabc',
    '12121212',
    'abcdefgh',
    '23456789',
    '98765432',
    'HGFEDCBA',
  ];
  it.each(TRIVIAL)('refuses the trivial password %s at registration', async (password) => {
    const res = await register({ password });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { password: 'COMMON_PASSWORD' },
    });
  });

  it.each(['aaaaaaab', 'abcdefgz', 'abcabcabX', 'river-aaaaaaaa'])(
    'accepts %s: a pattern broken, or a part of a longer password',
    async (password) => {
      expect((await register({ password })).statusCode).toBe(201);
    },
  );

  it('refuses a password that contains the username or the display name, whatever the case', async () => {
    const username = uniqueUsername('kham');
    const withUsername = await register({ username, password: `My-${username.toUpperCase()}-2026` });
    expect(withUsername.statusCode).toBe(400);
    expect(withUsername.json().error.fields).toEqual({ password: 'PASSWORD_CONTAINS_NAME' });
    const withName = await register({ displayName: 'Noy Vongsa', password: 'xx-noy vongsa-99' });
    expect(withName.json().error.fields).toEqual({ password: 'PASSWORD_CONTAINS_NAME' });
    const withNamePart = await register({ displayName: 'Noy Vongsavanh', password: 'vongsavanh-2026!' });
    expect(withNamePart.json().error.fields).toEqual({ password: 'PASSWORD_CONTAINS_NAME' });
  });

  it('accepts an uncommon password that names nobody', async () => {
    expect((await register({ password: 'tuk-tuk-on-the-mekong' })).statusCode).toBe(201);
  });

  it('applies the same rules to a new password, which changes nothing when refused', async () => {
    const p = await registerTestPlayer(t.app);
    const common = await change(p.cookie, p.password, 'qwer1234');
    expect(common.json().error.fields).toEqual({ newPassword: 'COMMON_PASSWORD' });
    const named = await change(p.cookie, p.password, `${p.username}-new-pass`);
    expect(named.json().error.fields).toEqual({ newPassword: 'PASSWORD_CONTAINS_NAME' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      payload: { username: p.username, password: p.password },
    });
    expect(login.statusCode).toBe(200);
  });
});
