import { generate } from 'otplib';
import type { App } from '../../app';
import type { TestClock } from '../../test/app';

/** The TOTP code of `secret` at the test clock's time, offset by `steps` 30-second steps. */
export function totpCodeAt(secret: string, clock: TestClock, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + steps * 30 });
}

/** Six digits that are none of the codes the server accepts at the test clock's time (±1 step, and around). */
export async function wrongCodeAt(secret: string, clock: TestClock): Promise<string> {
  const valid = await Promise.all([-2, -1, 0, 1, 2].map((steps) => totpCodeAt(secret, clock, steps)));
  return ['000000', '111111', '222222'].find((code) => !valid.includes(code)) ?? '333333';
}

/** Player-session request with JSON body (the CSRF rule wants the content type on writes). */
export function playerRequest(
  app: App,
  cookie: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method,
    url,
    headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload } : {}),
  });
}

/**
 * Sets TOTP up and enables it for the signed-in player; returns the secret and the ten recovery codes. The
 * clock moves one step on so that the enabling code is in the past and a fresh code is available.
 */
export async function enableTestTotp(
  app: App,
  clock: TestClock,
  cookie: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await playerRequest(app, cookie, 'POST', '/api/v2/players/security/totp/setup');
  if (setup.statusCode !== 200) throw new Error(`totp setup failed: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const code = await totpCodeAt(secret, clock);
  const enable = await playerRequest(app, cookie, 'POST', '/api/v2/players/security/totp/enable', { code });
  if (enable.statusCode !== 200) throw new Error(`totp enable failed: ${enable.statusCode} ${enable.body}`);
  clock.advance(30_000);
  return { secret, recoveryCodes: (enable.json() as { recoveryCodes: string[] }).recoveryCodes };
}
