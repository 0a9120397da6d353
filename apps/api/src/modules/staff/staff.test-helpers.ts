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

/** An ops API call as the automation account (OPS_TOKEN), on the agency of `host` (default localhost). */
export function automationRequest(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
  host?: string,
) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${app.opsToken.token}`, ...(host ? { host } : {}) },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

/** An ops API call with a staff session cookie (JSON body on writes, as the CSRF rule wants). */
export function staffRequest(
  app: App,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
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

/** Staff sign-in on the agency of `host` (default localhost). */
export function signIn(app: App, body: { username: string; password: string; code?: string }, host?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/ops/v1/session',
    ...(host ? { headers: { host } } : {}),
    payload: body,
  });
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string): void {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
}

/**
 * A staff member of `role` created by the automation account and fully set up as at first sign-in (TOTP
 * enrolled, own password set), signed in. The clock moves one TOTP step on, so a fresh code is available.
 * `host`: a member of the agency answering there (default localhost, the demo agency).
 */
export async function createTestStaff(
  app: App,
  clock: TestClock,
  role: TStaffRole,
  host?: string,
): Promise<TestStaff> {
  const username = uniqueUsername('s');
  const created = await automationRequest(
    app,
    'POST',
    '/api/ops/v1/staff',
    { username, displayName: `Staff ${username}`, role },
    host,
  );
  expectStatus(created, 201, 'staff create');
  const { initialPassword } = created.json() as { initialPassword: string };
  return finishFirstSignIn(app, clock, username, initialPassword, host);
}

/**
 * A new member's first sign-in with their one-time password: TOTP enrolled, own password set, signed in.
 * The clock moves one TOTP step on, so a fresh code is available. `host`: the member's agency's.
 */
export async function finishFirstSignIn(
  app: App,
  clock: TestClock,
  username: string,
  initialPassword: string,
  host?: string,
): Promise<TestStaff> {
  const onHost: Record<string, string> = host ? { host } : {};
  const first = await signIn(app, { username, password: initialPassword }, host);
  expectStatus(first, 200, 'first sign-in');
  const cookie = staffCookieOf(first) as string;
  const body = first.json() as { staff: { id: string }; totp: { secret: string } };
  const secret = body.totp.secret;
  // The code is computed at the clock's time and checked at the server's (±1 step); members set up in
  // parallel on one clock would each move it on meanwhile (three at once: 60 s, and TOTP_INVALID), so the
  // code, its check and the clock's step run one member at a time.
  const enrol = await oneAtATime(clock, async () => {
    const answer = await staffRequest(
      app,
      cookie,
      'POST',
      '/api/ops/v1/me/totp',
      { code: await totpCodeAt(secret, clock) },
      onHost,
    );
    clock.advance(30_000);
    return answer;
  });
  expectStatus(enrol, 200, 'totp enrolment');
  const password = 'violet-harbour-lantern-42';
  const changed = await staffRequest(
    app,
    cookie,
    'POST',
    '/api/ops/v1/me/password',
    { currentPassword: initialPassword, newPassword: password },
    onHost,
  );
  expectStatus(changed, 204, 'password change');
  const { recoveryCodes } = enrol.json() as { recoveryCodes: string[] };
  return { id: body.staff.id, username, password, cookie, secret, recoveryCodes };
}

const clockQueues = new WeakMap<TestClock, Promise<unknown>>();
/** Runs `work` after every earlier `oneAtATime` of the same clock has finished. */
function oneAtATime<T>(clock: TestClock, work: () => Promise<T>): Promise<T> {
  const run = (clockQueues.get(clock) ?? Promise.resolve()).then(work, work);
  clockQueues.set(
    clock,
    run.catch(() => undefined),
  );
  return run;
}

/**
 * A member of `role` made by `creator` (a signed-in admin), signed in: finance and admin members are asked for
 * and approved by `approver` (a second admin), as decision 0065 wants. Unlike {@link createTestStaff}'s
 * members, they may decide the OPS token's requests (the token did not create them).
 */
export async function createStaffBy(
  app: App,
  clock: TestClock,
  creator: TestStaff,
  approver: TestStaff,
  role: TStaffRole,
): Promise<TestStaff> {
  const username = uniqueUsername('s');
  const asked = await staffRequest(app, creator.cookie, 'POST', '/api/ops/v1/staff', {
    username,
    displayName: `Staff ${username}`,
    role,
  });
  if (asked.statusCode === 201) {
    return finishFirstSignIn(
      app,
      clock,
      username,
      (asked.json() as { initialPassword: string }).initialPassword,
    );
  }
  expectStatus(asked, 202, 'staff creation request');
  const id = (asked.json() as { approval: { id: string } }).approval.id;
  const approved = await staffRequest(
    app,
    approver.cookie,
    'POST',
    `/api/ops/v1/approvals/${id}/approve`,
    {},
  );
  expectStatus(approved, 200, 'staff creation approval');
  return finishFirstSignIn(
    app,
    clock,
    username,
    (approved.json() as { initialPassword: string }).initialPassword,
  );
}
