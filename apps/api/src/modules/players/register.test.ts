import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerDevices } from '../../db/schema/players';
import {
  createTestApp,
  fingerprintPayload,
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

function body(overrides: Record<string, unknown> = {}) {
  return {
    username: uniqueUsername('r'),
    password: 'long-enough-pass',
    confirmPassword: 'long-enough-pass',
    displayName: 'Somchai',
    phone: '+856 20 1234 5678',
    acceptTerms: true,
    adultConfirmed: true,
    fingerprint: fingerprintPayload('fp-register-1'),
    ...overrides,
  };
}

const register = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/players/register',
    headers: { 'x-fingerprint': 'fp-header-hash', ...headers },
    payload: payload as Record<string, unknown>,
  });

describe('POST /api/v2/players/register', () => {
  it('creates the player, answers 201 {player} and signs it in', async () => {
    const payload = body();
    const res = await register({ ...payload, extra: 'stripped' });
    expect(res.statusCode).toBe(201);
    const { player } = res.json();
    expect(Object.keys(player).sort()).toEqual(['createdAt', 'displayName', 'id', 'phone', 'username']);
    expect(player).toMatchObject({
      username: payload.username,
      displayName: 'Somchai',
      phone: '+856 20 1234 5678',
    });
    expect(player.createdAt).toBe('2026-01-15T08:00:00.000Z');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/info',
      headers: { cookie: sessionCookieOf(res) },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().player.id).toBe(player.id);
    const devices = await t.app.db.select().from(playerDevices).where(eq(playerDevices.playerId, player.id));
    expect(devices.map((d) => d.hash)).toEqual(['fp-header-hash']);
  });

  it('answers 409 USERNAME_TAKEN for a used username', async () => {
    const payload = body();
    expect((await register(payload)).statusCode).toBe(201);
    const res = await register({ ...payload, displayName: 'Other' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('USERNAME_TAKEN');
  });

  it('maps field problems to VALIDATION_ERROR fields', async () => {
    const res = await register(
      body({
        username: 'AB',
        password: 'short',
        confirmPassword: undefined,
        displayName: '',
        acceptTerms: false,
        fingerprint: { ...fingerprintPayload(), screen: undefined },
      }),
    );
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fields).toEqual({
      username: 'TOO_SHORT',
      password: 'TOO_SHORT',
      confirmPassword: 'REQUIRED',
      displayName: 'REQUIRED',
      acceptTerms: 'MUST_ACCEPT',
      'fingerprint.screen': 'REQUIRED',
    });
  });

  it('refuses a sign-up without the 18+ confirmation and opens no account', async () => {
    for (const adultConfirmed of [undefined, false, 'true', 1]) {
      const payload = body({ adultConfirmed });
      const res = await register(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { adultConfirmed: 'MUST_ACCEPT' },
      });
      const taken = await t.app.inject({
        method: 'POST',
        url: '/api/v2/players/username/validate',
        payload: { username: payload.username },
      });
      expect(taken.json().available).toBe(true);
    }
  });

  it('refuses a username with capitals or symbols as INVALID_FORMAT', async () => {
    const res = await register(body({ username: 'Bad$name' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.username).toBe('INVALID_FORMAT');
  });

  it('answers PASSWORD_MISMATCH on confirmPassword', async () => {
    const res = await register(body({ confirmPassword: 'something-else' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ confirmPassword: 'PASSWORD_MISMATCH' });
  });

  it('refuses a common password with COMMON_PASSWORD', async () => {
    const res = await register(body({ password: 'Password123', confirmPassword: 'Password123' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { password: 'COMMON_PASSWORD' },
    });
  });

  it('answers 404 AGENCY_NOT_FOUND on an unknown host', async () => {
    const res = await register(body(), { host: 'unknown.example' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('AGENCY_NOT_FOUND');
  });
});

describe('POST /api/v2/players/username/validate', () => {
  const validate = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/players/username/validate',
      payload: payload as Record<string, unknown>,
    });

  it('tells whether a username is free', async () => {
    const username = uniqueUsername('v');
    let res = await validate({ username });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username, available: true });
    await register(body({ username }));
    res = await validate({ username });
    expect(res.json()).toEqual({ username, available: false });
  });

  it('answers 400 VALIDATION_ERROR for a bad format', async () => {
    const res = await validate({ username: 'no spaces!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { username: 'INVALID_FORMAT' },
    });
    const missing = await validate({});
    expect(missing.json().error.fields).toEqual({ username: 'REQUIRED' });
  });
});

describe('concurrent registration', () => {
  it('lets exactly one of two simultaneous registrations of a name win', async () => {
    const payload = body();
    const results = await Promise.all([register(payload), register(payload)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});
