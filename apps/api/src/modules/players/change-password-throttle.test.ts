import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginTestPlayer, registerTestPlayer, type TestApp } from '../../test/app';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logStream: { write: (line) => lines.push(line) } });
});
afterAll(async () => {
  await t?.close();
});

const change = (cookie: string, currentPassword: string, newPassword = 'a-brand-new-secret-9') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/players/security/password/change',
    headers: { cookie },
    payload: { currentPassword, newPassword, confirmNewPassword: newPassword },
  });

const events = (name: string) =>
  lines.map((line) => JSON.parse(line)).filter((entry) => entry.event === name);

describe('POST /api/v2/players/security/password/change throttle', () => {
  it('refuses after 5 wrong current passwords with 429 RATE_LIMITED and Retry-After, and logs each failure', async () => {
    const p = await registerTestPlayer(t.app);
    const wrong = Array.from({ length: 12 }, (_, i) => `guess-number-${i}`);
    const answers = [];
    for (const guess of wrong) answers.push(await change(p.cookie, guess));
    expect(answers.slice(0, 5).map((r) => r.json().error.code)).toEqual(
      Array(5).fill('WRONG_CURRENT_PASSWORD'),
    );
    for (const refused of answers.slice(5)) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: { code: 'RATE_LIMITED', message: 'Too many failed attempts, try again later' },
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Throttled, the right password is not even checked: the password stays as it was.
    expect((await change(p.cookie, p.password)).statusCode).toBe(429);
    const failures = events('auth.password.change.fail').filter((e) => e.playerId === p.player.id);
    expect(failures.map((e) => e.code)).toEqual([
      ...Array(5).fill('WRONG_CURRENT_PASSWORD'),
      ...Array(8).fill('RATE_LIMITED'),
    ]);
    const log = lines.join('\n');
    for (const secret of [...wrong, p.password]) expect(log).not.toContain(secret);

    // Once the window has passed, the right current password works again.
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await change(p.cookie, p.password)).statusCode).toBe(204);
  });

  it('shares the budget with login: wrong current passwords count against signing in to the account', async () => {
    const p = await registerTestPlayer(t.app);
    for (let i = 0; i < 5; i++) expect((await change(p.cookie, `guess-again-${i}`)).statusCode).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      payload: { username: p.username, password: p.password },
    });
    expect(login.statusCode).toBe(429);
    t.clock.advance(15 * 60 * 1000 + 1000);
    await expect(loginTestPlayer(t.app, p.username, p.password)).resolves.toMatch(/sid=/);
  });
});
