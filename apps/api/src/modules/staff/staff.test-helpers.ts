import type { TStaffRole } from '@lc/shared/contracts/ops-staff';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../app';
import type { TestClock } from '../../test/app';
import { uniqueUsername } from '../../test/app';
import { totpCodeAt } from '../security/security-test-helpers';

export type TestStaff = {
  id: string;
  username: string;
  password: string;
  cookie: string;
  secret: string;
  recoveryCodes: string[];
};

/** The `ops_sid=…` pair of a response's Set-Cookie, ready for a `cookie` header. */
export function staffCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === 'ops_sid' || c.name === '__Host-ops_sid');
  return cookie?.value ? `${cookie.name}=${cookie.value}` : undefined;
}

/** An ops API call as the automation account (OPS_TOKEN). */
export function automationRequest(app: App, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${app.opsToken.token}` },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

/** An ops API call with a staff session cookie (JSON body on writes, as the CSRF rule wants). */
export function staffRequest(
  app: App,
  cookie: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

export function signIn(app: App, body: { username: string; password: string; code?: string }) {
  return app.inject({ method: 'POST', url: '/api/ops/v1/session', payload: body });
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string): void {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
}

/**
 * A staff member of `role` created by the automation account and fully set up as at first sign-in (TOTP
 * enrolled, own password set), signed in. The clock moves one TOTP step on, so a fresh code is available.
 */
export async function createTestStaff(app: App, clock: TestClock, role: TStaffRole): Promise<TestStaff> {
  const username = uniqueUsername('s');
  const created = await automationRequest(app, 'POST', '/api/ops/v1/staff', {
    username,
    displayName: `Staff ${username}`,
    role,
  });
  expectStatus(created, 201, 'staff create');
  const { staff, initialPassword } = created.json() as { staff: { id: string }; initialPassword: string };
  const first = await signIn(app, { username, password: initialPassword });
  expectStatus(first, 200, 'first sign-in');
  const cookie = staffCookieOf(first) as string;
  const secret = (first.json() as { totp: { secret: string } }).totp.secret;
  const enrol = await staffRequest(app, cookie, 'POST', '/api/ops/v1/me/totp', {
    code: await totpCodeAt(secret, clock),
  });
  expectStatus(enrol, 200, 'totp enrolment');
  const password = 'violet-harbour-lantern-42';
  const changed = await staffRequest(app, cookie, 'POST', '/api/ops/v1/me/password', {
    currentPassword: initialPassword,
    newPassword: password,
  });
  expectStatus(changed, 204, 'password change');
  clock.advance(30_000);
  const { recoveryCodes } = enrol.json() as { recoveryCodes: string[] };
  return { id: staff.id, username, password, cookie, secret, recoveryCodes };
}
