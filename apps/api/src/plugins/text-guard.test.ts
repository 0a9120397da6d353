import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fingerprintPayload, registerTestPlayer, type TestApp } from '../test/app';

// Finding 6 of issue #13: U+0000 reached PostgreSQL (500) from register, login, fingerprint, bank account,
// ops query/reason fields and path ids; a lone surrogate would be stored as U+FFFD.
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await registerTestPlayer(t.app)).cookie;
});
afterAll(async () => {
  await t?.close();
});

const NUL = 'a\u0000b';
const LONE = 'a\ud800b';
const password = 'correct-horse-battery';
const register = (overrides: Record<string, unknown>) => ({
  username: 'textguard',
  password,
  confirmPassword: password,
  displayName: 'Text Guard',
  acceptTerms: true,
  adultConfirmed: true,
  fingerprint: fingerprintPayload(),
  ...overrides,
});

type Case = {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  as: 'player' | 'ops' | 'none';
  field: string;
  payload?: Record<string, unknown>;
};
// A URL cannot carry a lone surrogate (it is UTF-8 bytes), so the URL cases run with U+0000 only.
const cases = (bad: string): Case[] => [
  {
    name: 'register displayName',
    method: 'POST',
    url: '/api/v2/players/register',
    as: 'none',
    payload: register({ displayName: bad }),
    field: 'displayName',
  },
  {
    name: 'register fingerprint field',
    method: 'POST',
    url: '/api/v2/players/register',
    as: 'none',
    payload: register({ fingerprint: { ...fingerprintPayload(), screen: bad } }),
    field: 'fingerprint.screen',
  },
  {
    name: 'login username',
    method: 'POST',
    url: '/api/v2/players/login',
    as: 'none',
    payload: { username: bad, password },
    field: 'username',
  },
  {
    name: 'login password',
    method: 'POST',
    url: '/api/v2/players/login',
    as: 'none',
    payload: { username: 'nobody', password: `${bad}-long-enough` },
    field: 'password',
  },
  {
    name: 'fingerprint',
    method: 'POST',
    url: '/api/v2/fingerprint',
    as: 'player',
    payload: { fingerprint: { ...fingerprintPayload(), userAgent: bad } },
    field: 'fingerprint.userAgent',
  },
  {
    name: 'bank account name',
    method: 'POST',
    url: '/api/v2/players/bank-accounts',
    as: 'player',
    payload: {
      bank: 'bcel',
      accountNumber: '123456789012',
      accountName: bad,
      currency: 'LAK',
      owner: 'SELF',
    },
    field: 'accountName',
  },
  ...(bad === NUL ? urlCases(bad) : []),
];

const urlCases = (bad: string): Case[] => [
  {
    name: 'ops players query',
    method: 'GET',
    url: `/api/ops/v1/players?query=${encodeURIComponent(bad)}`,
    as: 'ops',
    field: 'query',
  },
  {
    name: 'ops block reason',
    method: 'POST',
    url: '/api/ops/v1/players/00000000-0000-4000-8000-000000000000/block',
    as: 'ops',
    payload: { reason: bad },
    field: 'reason',
  },
  {
    name: 'ops player id in the path',
    method: 'POST',
    url: `/api/ops/v1/players/${encodeURIComponent(bad)}/block`,
    as: 'ops',
    field: 'id',
  },
  {
    name: 'deposit code in the path',
    method: 'GET',
    url: `/api/v2/deposits/${encodeURIComponent(bad)}/laoqr`,
    as: 'player',
    field: 'code',
  },
];

describe.each([
  ['U+0000', NUL],
  ['a lone surrogate', LONE],
])('%s in any input', (_label, bad) => {
  it.each(cases(bad))('$name → 400 VALIDATION_ERROR naming the field', async (c) => {
    const headers: Record<string, string> = { host: 'localhost' };
    if (c.as === 'player') headers.cookie = cookie;
    if (c.as === 'ops') headers.authorization = `Bearer ${t.app.opsToken.token}`;
    const res = await t.app.inject({ method: c.method, url: c.url, headers, payload: c.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Text may not contain U+0000 or lone surrogates',
        fields: { [c.field]: 'INVALID' },
      },
    });
  });
});

describe('a surrogate half percent-encoded in the path', () => {
  // Not UTF-8, so the router cannot decode it (the query parser turns such bytes into U+FFFD instead).
  it('answers 400 VALIDATION_ERROR in the contract shape', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/deposits/a%ED%A0%80b/laoqr',
      headers: { host: 'localhost', cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: 'Malformed URL' } });
  });
});

describe('the sandbox provider API (its own error handler)', () => {
  it('answers 400 in its own shape, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/providers/gclub/members',
      payload: { username: NUL },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'Invalid request' });
  });
});

describe('well-formed text', () => {
  it('keeps surrogate pairs (emoji) and other control characters acceptable', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/ops/v1/players?query=${encodeURIComponent('😀\u0001ສົມ')}`,
      headers: { host: 'localhost', authorization: `Bearer ${t.app.opsToken.token}` },
    });
    expect(res.statusCode).toBe(200);
  });
});
