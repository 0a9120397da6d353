import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from './app';
import { loadConfig } from './config';
import { fingerprintPayload } from './test/app';

const lines: string[] = [];
let app: App;

beforeAll(async () => {
  // PGlite only: this file checks log output, not database behaviour.
  app = await buildApp(loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent' }), {
    logStream: { write: (line) => lines.push(line) },
  });
});
afterAll(async () => {
  await app?.close();
});

describe('logs', () => {
  it('record auth events without passwords, tokens or cookies', async () => {
    const password = 'Very-Secret-Pass-77';
    const reg = await app.inject({
      method: 'POST',
      url: '/api/v2/players/register',
      payload: {
        username: 'logcheck',
        password,
        confirmPassword: password,
        displayName: 'Log Check',
        acceptTerms: true,
        adultConfirmed: true,
        fingerprint: fingerprintPayload(),
      },
    });
    expect(reg.statusCode).toBe(201);
    const cookie = String(reg.headers['set-cookie']).split(';')[0] ?? '';
    const token = cookie.split('=')[1] ?? '';
    await app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: { cookie, authorization: 'Bearer abc-secret-bearer' },
      payload: { username: 'logcheck', password: 'Wrong-Secret-Pass-88' },
    });
    await app.inject({ method: 'POST', url: '/api/v2/players/logout', headers: { cookie } });
    const log = lines.join('\n');
    const events = lines.map((l) => JSON.parse(l).event).filter(Boolean);
    expect(events).toEqual(['auth.register', 'auth.login.fail', 'auth.logout']);
    expect(log).toContain('"code":"INVALID_CREDENTIALS"');
    expect(token.length).toBeGreaterThan(20);
    for (const secret of [password, 'Wrong-Secret-Pass-88', token, 'abc-secret-bearer']) {
      expect(log).not.toContain(secret);
    }
  });

  it('never write a secret sent in a query string (a refused /metrics?token=…), only that there was one', async () => {
    const secret = 'query-secret-0123456789abcdef';
    const before = lines.length;
    const refused = await app.inject({ method: 'GET', url: `/metrics?token=${secret}&format=text` });
    expect(refused.statusCode).toBe(401);
    await app.inject({ method: 'GET', url: `/api/v2/agency/info?key=${secret}` });
    const log = lines.slice(before).join('');
    expect(log).not.toContain(secret);
    expect(log).toContain('/metrics?token=[redacted]&format=text');
  });
});
