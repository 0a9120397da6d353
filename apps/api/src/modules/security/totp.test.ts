import {
  LOGIN_MAX_CODE_FAILURES_PER_USERNAME,
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_THROTTLE_WINDOW_MS,
} from '@lc/shared/limits';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { playerRecoveryCodes, playerTotp } from '../../db/schema/security';
import {
  createClock,
  createTestApp,
  registerTestPlayer,
  sessionCookieOf,
  type TestApp,
  uniqueUsername,
} from '../../test/app';
import { enableTestTotp, playerRequest, totpCodeAt, wrongCodeAt } from './security-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v2/players/login', payload });
const SETUP = '/api/v2/players/security/totp/setup';
const ENABLE = '/api/v2/players/security/totp/enable';
const DISABLE = '/api/v2/players/security/totp/disable';
const STATUS = '/api/v2/players/security/totp';

describe('TOTP set-up and enable', () => {
  it('returns a base32 secret and an otpauth URL; nothing is required at login until it is enabled', async () => {
    const p = await registerTestPlayer(t.app);
    const res = await playerRequest(t.app, p.cookie, 'POST', SETUP);
    expect(res.statusCode).toBe(200);
    const { secret, otpauthUrl } = res.json();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(url.pathname)).toContain(p.username);
    expect((await login({ username: p.username, password: p.password })).statusCode).toBe(200);
  });

  it('enables with a current code and answers ten distinct recovery codes, stored only as hashes', async () => {
    const p = await registerTestPlayer(t.app);
    const { secret } = (await playerRequest(t.app, p.cookie, 'POST', SETUP)).json();
    const res = await playerRequest(t.app, p.cookie, 'POST', ENABLE, {
      code: await totpCodeAt(secret, t.clock),
    });
    expect(res.statusCode).toBe(200);
    const { recoveryCodes } = res.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await t.app.db
      .select({ codeHash: playerRecoveryCodes.codeHash })
      .from(playerRecoveryCodes)
      .where(eq(playerRecoveryCodes.playerId, p.player.id));
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) expect(recoveryCodes).not.toContain(codeHash);
  });

  it('answers 400 TOTP_INVALID for a wrong code, and for a code two steps old', async () => {
    const p = await registerTestPlayer(t.app);
    const { secret } = (await playerRequest(t.app, p.cookie, 'POST', SETUP)).json();
    const current = await totpCodeAt(secret, t.clock);
    const wrong = String((Number(current) + 1) % 1_000_000).padStart(6, '0');
    const res = await playerRequest(t.app, p.cookie, 'POST', ENABLE, { code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('TOTP_INVALID');
    const stale = await playerRequest(t.app, p.cookie, 'POST', ENABLE, {
      code: await totpCodeAt(secret, t.clock, -2),
    });
    expect(stale.json().error.code).toBe('TOTP_INVALID');
    // One step either side is accepted (a phone clock a little off).
    const late = await playerRequest(t.app, p.cookie, 'POST', ENABLE, {
      code: await totpCodeAt(secret, t.clock, -1),
    });
    expect(late.statusCode).toBe(200);
  });

  it('answers 400 TOTP_INVALID to enable without a set-up, and 409 TOTP_ALREADY_ENABLED to a second set-up', async () => {
    const p = await registerTestPlayer(t.app);
    const res = await playerRequest(t.app, p.cookie, 'POST', ENABLE, { code: '123456' });
    expect(res.json().error.code).toBe('TOTP_INVALID');
    const { secret } = await enableTestTotp(t.app, t.clock, p.cookie);
    const again = await playerRequest(t.app, p.cookie, 'POST', SETUP);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('TOTP_ALREADY_ENABLED');
    // The enabled secret was not replaced.
    const [row] = await t.app.db.select().from(playerTotp).where(eq(playerTotp.playerId, p.player.id));
    expect(row?.secret).toBe(secret);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: SETUP });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/v2/players/security/totp', () => {
  it('tells off before set-up and while only set up, then on with the unused recovery codes counted', async () => {
    const p = await registerTestPlayer(t.app);
    const off = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
    expect((await playerRequest(t.app, p.cookie, 'GET', STATUS)).json()).toEqual(off);
    await playerRequest(t.app, p.cookie, 'POST', SETUP);
    expect((await playerRequest(t.app, p.cookie, 'GET', STATUS)).json()).toEqual(off);
    const enabledAt = t.clock.now().toISOString();
    const { recoveryCodes } = await enableTestTotp(t.app, t.clock, p.cookie);
    await login({ username: p.username, password: p.password, code: recoveryCodes[0] });
    const on = (await playerRequest(t.app, p.cookie, 'GET', STATUS)).json();
    expect(on).toEqual({ enabled: true, enabledAt, recoveryCodesLeft: 9 });
    expect(JSON.stringify(on)).not.toMatch(/secret/i);
  });
});

describe('login with TOTP enabled', () => {
  it('answers 401 TOTP_REQUIRED without a code (no session), 200 with a current code', async () => {
    const p = await registerTestPlayer(t.app);
    const { secret } = await enableTestTotp(t.app, t.clock, p.cookie);
    const without = await login({ username: p.username, password: p.password });
    expect(without.statusCode).toBe(401);
    expect(without.json().error.code).toBe('TOTP_REQUIRED');
    expect(sessionCookieOf(without)).toBeUndefined();
    const ok = await login({
      username: p.username,
      password: p.password,
      code: await totpCodeAt(secret, t.clock),
    });
    expect(ok.statusCode).toBe(200);
    expect(sessionCookieOf(ok)).toBeDefined();
  });

  it('answers TOTP_INVALID for a wrong code, and INVALID_CREDENTIALS for the wrong password with a right code', async () => {
    const p = await registerTestPlayer(t.app);
    const { secret } = await enableTestTotp(t.app, t.clock, p.cookie);
    const code = await totpCodeAt(secret, t.clock);
    const wrongCode = await login({
      username: p.username,
      password: p.password,
      code: await wrongCodeAt(secret, t.clock),
    });
    expect(wrongCode.statusCode).toBe(401);
    // Its own answer: only a right password gets this far, and TOTP_REQUIRED has said so already.
    expect(wrongCode.json().error.code).toBe('TOTP_INVALID');
    expect(sessionCookieOf(wrongCode)).toBeUndefined();
    const wrongPassword = await login({ username: p.username, password: 'not-the-password', code });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('accepts a code once: the same code again (even within its step) is refused', async () => {
    const p = await registerTestPlayer(t.app);
    const { secret } = await enableTestTotp(t.app, t.clock, p.cookie);
    const code = await totpCodeAt(secret, t.clock);
    expect((await login({ username: p.username, password: p.password, code })).statusCode).toBe(200);
    const replay = await login({ username: p.username, password: p.password, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('TOTP_INVALID');
  });

  it('lets two logins race with one code: exactly one gets a session', async () => {
    const p = await registerTestPlayer(t.app);
    const { secret } = await enableTestTotp(t.app, t.clock, p.cookie);
    const code = await totpCodeAt(secret, t.clock);
    const results = await Promise.all(
      [1, 2, 3].map(() => login({ username: p.username, password: p.password, code })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('accepts each recovery code once, with any case and dashes', async () => {
    const p = await registerTestPlayer(t.app);
    const { recoveryCodes } = await enableTestTotp(t.app, t.clock, p.cookie);
    const [first = '', second = ''] = recoveryCodes;
    expect((await login({ username: p.username, password: p.password, code: first })).statusCode).toBe(200);
    const again = await login({ username: p.username, password: p.password, code: first });
    expect(again.json().error.code).toBe('TOTP_INVALID');
    const typed = second.toUpperCase().replace('-', ' ');
    expect((await login({ username: p.username, password: p.password, code: typed })).statusCode).toBe(200);
  });
});

describe('login throttle with TOTP on (decision 0075)', () => {
  // Each test from an address of its own, and outside the 15-minute windows of the tests before.
  let address = 0;
  let ip = '';
  beforeEach(() => {
    t.clock.advance(60 * 60_000);
    address += 1;
    ip = `192.0.2.${address}`;
  });
  const loginFrom = (payload: Record<string, unknown>, from = ip) =>
    t.app.inject({ method: 'POST', url: '/api/v2/players/login', payload, remoteAddress: from });

  it('a right password with wrong codes spends none of the password budget: after five wrong codes a fresh code signs in', async () => {
    const p = await registerTestPlayer(t.app);
    const { secret } = await enableTestTotp(t.app, t.clock, p.cookie);
    const credentials = { username: p.username, password: p.password };
    expect((await loginFrom(credentials)).json().error.code).toBe('TOTP_REQUIRED');
    const wrong = await wrongCodeAt(secret, t.clock);
    for (let i = 0; i < 5; i++) {
      const res = await loginFrom({ ...credentials, code: wrong });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('TOTP_INVALID');
    }
    const ok = await loginFrom({ ...credentials, code: await totpCodeAt(secret, t.clock) });
    expect(ok.statusCode).toBe(200);
    // The password's five wrong tries are all still there.
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom({ ...credentials, password: `wrong-${i}-pass` })).statusCode).toBe(401);
    }
    expect((await loginFrom(credentials)).statusCode).toBe(429);
  });

  it('asking without a code (TOTP_REQUIRED) is not a failure: six right passwords in a row are never locked', async () => {
    const p = await registerTestPlayer(t.app);
    await enableTestTotp(t.app, t.clock, p.cookie);
    for (let i = 0; i < 6; i++) {
      const res = await loginFrom({ username: p.username, password: p.password });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('TOTP_REQUIRED');
    }
  });

  it('throttles wrong codes on their own: after ten, even the right code is 429 with Retry-After until the window ends, while the password stays unlocked', async () => {
    const p = await registerTestPlayer(t.app);
    const { secret } = await enableTestTotp(t.app, t.clock, p.cookie);
    const credentials = { username: p.username, password: p.password };
    const wrong = await wrongCodeAt(secret, t.clock);
    for (let i = 0; i < LOGIN_MAX_CODE_FAILURES_PER_USERNAME; i++) {
      expect((await loginFrom({ ...credentials, code: wrong })).json().error.code).toBe('TOTP_INVALID');
    }
    const blocked = await loginFrom({ ...credentials, code: await totpCodeAt(secret, t.clock) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBe(LOGIN_THROTTLE_WINDOW_MS / 1000);
    expect(sessionCookieOf(blocked)).toBeUndefined();
    // The password is not locked: a wrong one is still checked (401), the right one still asks for the code.
    expect((await loginFrom({ ...credentials, password: 'not-the-password' })).statusCode).toBe(401);
    expect((await loginFrom(credentials)).json().error.code).toBe('TOTP_REQUIRED');
    t.clock.advance(LOGIN_THROTTLE_WINDOW_MS - 60_000);
    const stillBlocked = await loginFrom({ ...credentials, code: await totpCodeAt(secret, t.clock) });
    expect(stillBlocked.statusCode).toBe(429);
    expect(Number(stillBlocked.headers['retry-after'])).toBe(60);
    t.clock.advance(61_000);
    const ok = await loginFrom({ ...credentials, code: await totpCodeAt(secret, t.clock) });
    expect(ok.statusCode).toBe(200);
  });

  it('checks no more than ten codes of an account in all when thirty wrong codes arrive at once, recovery codes included', async () => {
    const p = await registerTestPlayer(t.app);
    const { secret, recoveryCodes } = await enableTestTotp(t.app, t.clock, p.cookie);
    const credentials = { username: p.username, password: p.password };
    const wrong = await wrongCodeAt(secret, t.clock);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => loginFrom({ ...credentials, code: wrong }, `198.18.0.${i + 1}`)),
    );
    // Parallel right passwords also meet the password's own gate for a moment (each takes an attempt before
    // argon2 and gives it back after), so fewer codes may be checked at once; never more than ten.
    const checked = responses.filter((r) => r.statusCode === 401);
    expect(checked.every((r) => r.json().error.code === 'TOTP_INVALID')).toBe(true);
    expect(responses.filter((r) => r.statusCode !== 401).every((r) => r.statusCode === 429)).toBe(true);
    expect(checked.length).toBeLessThanOrEqual(LOGIN_MAX_CODE_FAILURES_PER_USERNAME);
    // One at a time from here: the budget ends at ten checked codes in all.
    let total = checked.length;
    while (total <= 30) {
      const res = await loginFrom({ ...credentials, code: wrong });
      if (res.statusCode === 429) break;
      expect(res.json().error.code).toBe('TOTP_INVALID');
      total += 1;
    }
    expect(total).toBe(LOGIN_MAX_CODE_FAILURES_PER_USERNAME);
    // A recovery code is a code: held back too, and not used up.
    expect((await loginFrom({ ...credentials, code: recoveryCodes[0] })).statusCode).toBe(429);
    t.clock.advance(LOGIN_THROTTLE_WINDOW_MS + 1000);
    expect((await loginFrom({ ...credentials, code: recoveryCodes[0] })).statusCode).toBe(200);
  });

  it('counts wrong codes for the address too: ten wrong codes and twenty wrong passwords spend its thirty', async () => {
    const p = await registerTestPlayer(t.app);
    const { secret } = await enableTestTotp(t.app, t.clock, p.cookie);
    const wrong = await wrongCodeAt(secret, t.clock);
    for (let i = 0; i < LOGIN_MAX_CODE_FAILURES_PER_USERNAME; i++) {
      expect((await loginFrom({ username: p.username, password: p.password, code: wrong })).statusCode).toBe(
        401,
      );
    }
    const others = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP - LOGIN_MAX_CODE_FAILURES_PER_USERNAME + 1; i++) {
      others.push(
        (await loginFrom({ username: uniqueUsername('ipc'), password: 'wrong-password' })).statusCode,
      );
    }
    expect(others.at(-1)).toBe(429);
    expect(others.slice(0, -1).every((status) => status === 401)).toBe(true);
  });
});

describe('disable TOTP', () => {
  it('needs the password and a code; then login needs no code and the old recovery codes are gone', async () => {
    const p = await registerTestPlayer(t.app);
    const { secret, recoveryCodes } = await enableTestTotp(t.app, t.clock, p.cookie);
    const code = await totpCodeAt(secret, t.clock);
    const wrongPassword = await playerRequest(t.app, p.cookie, 'POST', DISABLE, {
      password: 'nope-nope-nope',
      code,
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('PASSWORD_OR_CODE_WRONG');
    const wrongCode = await playerRequest(t.app, p.cookie, 'POST', DISABLE, {
      password: p.password,
      code: '12345x',
    });
    expect(wrongCode.statusCode).toBe(400);
    // The same answer: a wrong code does not tell that the password was right.
    expect(wrongCode.json().error).toEqual({
      ...wrongPassword.json().error,
      requestId: wrongCode.json().error.requestId,
    });
    const ok = await playerRequest(t.app, p.cookie, 'POST', DISABLE, { password: p.password, code });
    expect(ok.statusCode).toBe(204);
    expect((await login({ username: p.username, password: p.password })).statusCode).toBe(200);
    const left = await t.app.db
      .select()
      .from(playerRecoveryCodes)
      .where(eq(playerRecoveryCodes.playerId, p.player.id));
    expect(left).toHaveLength(0);
    expect(recoveryCodes).toHaveLength(10);
  });

  it('guesses the password against the login budget: the 6th wrong try is 429, and the right one then too', async () => {
    const p = await registerTestPlayer(t.app);
    const { secret } = await enableTestTotp(t.app, t.clock, p.cookie);
    const tries = [];
    for (let i = 0; i < 6; i++) {
      tries.push(
        await playerRequest(t.app, p.cookie, 'POST', DISABLE, {
          password: `wrong-guess-${i}-x`,
          code: '000000',
        }),
      );
    }
    expect(tries.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400, 429]);
    expect(tries[5]?.headers['retry-after']).toBeTruthy();
    const right = await playerRequest(t.app, p.cookie, 'POST', DISABLE, {
      password: p.password,
      code: await totpCodeAt(secret, t.clock),
    });
    expect(right.statusCode).toBe(429);
    t.clock.advance(16 * 60_000);
  });

  it('accepts a recovery code instead of a TOTP code', async () => {
    const p = await registerTestPlayer(t.app);
    const { recoveryCodes } = await enableTestTotp(t.app, t.clock, p.cookie);
    const res = await playerRequest(t.app, p.cookie, 'POST', DISABLE, {
      password: p.password,
      code: recoveryCodes[3],
    });
    expect(res.statusCode).toBe(204);
  });
});

describe('secrets stay secret', () => {
  it('never writes the secret, a code or a recovery code to the log', async () => {
    const lines: string[] = [];
    const clock = createClock();
    // PGlite only: this checks log output, not database behaviour.
    const config = { DATA_DIR: 'memory://', LOG_LEVEL: 'info', WORKER: 'false', WEB_DIST: '/nonexistent' };
    const app = await buildApp(loadConfig(config), {
      now: clock.now,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const p = await registerTestPlayer(app);
      const { secret, recoveryCodes } = await enableTestTotp(app, clock, p.cookie);
      const code = await totpCodeAt(secret, clock);
      for (const second of [code, recoveryCodes[0]]) {
        const payload = { username: p.username, password: p.password, code: second };
        expect((await app.inject({ method: 'POST', url: '/api/v2/players/login', payload })).statusCode).toBe(
          200,
        );
      }
      const log = lines.join('\n');
      expect(log).toContain('auth.totp.enable');
      expect(log).not.toContain(secret);
      expect(log).not.toContain(`"${code}"`);
      for (const recovery of recoveryCodes) expect(log).not.toContain(recovery);
    } finally {
      await app.close();
    }
  });
});
