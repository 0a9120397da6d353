import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { createTestApp, type TestApp } from '../../test/app';
import { totpCodeAt } from '../security/security-test-helpers';
import {
  automationRequest,
  createTestStaff,
  signIn,
  staffCookieOf,
  staffRequest,
} from './staff.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DEPOSITS = '/api/ops/v1/deposits';

async function newStaff(role: 'support' | 'cashier' | 'finance' | 'admin' = 'cashier') {
  const username = `m${Math.random().toString(36).slice(2, 10)}`;
  const res = await automationRequest(t.app, 'POST', '/api/ops/v1/staff', {
    username,
    displayName: `Member ${username}`,
    role,
  });
  expect(res.statusCode).toBe(201);
  return { username, ...(res.json() as { staff: { id: string }; initialPassword: string }) };
}

describe('staff accounts', () => {
  it('creates a member with a one-time initial password only; a taken or reserved username → 409', async () => {
    const { username, staff, initialPassword } = await newStaff('finance');
    expect(staff).toMatchObject({ username, role: 'finance', active: true, lastLoginAt: null });
    expect(initialPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(JSON.stringify(staff)).not.toMatch(/password|secret/i);
    for (const taken of [username, 'automation']) {
      const again = await automationRequest(t.app, 'POST', '/api/ops/v1/staff', {
        username: taken,
        displayName: 'Again',
        role: 'support',
      });
      expect(again.statusCode, taken).toBe(409);
      expect(again.json().error.code).toBe('USERNAME_TAKEN');
    }
    const list = await automationRequest(t.app, 'GET', '/api/ops/v1/staff');
    expect(list.json().staff.map((s: { username: string }) => s.username)).toContain(username);
  });

  it('first sign-in: TOTP enrolment and an own password before anything else', async () => {
    const { username, initialPassword } = await newStaff('cashier');
    const first = await signIn(t.app, { username, password: initialPassword });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ mustChangePassword: true, mustEnrolTotp: true });
    const { secret, otpauthUrl } = first.json().totp;
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const setCookie = first.cookies.find((c) => c.name === 'ops_sid');
    expect(setCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const cookie = staffCookieOf(first) as string;

    const blocked = await staffRequest(t.app, cookie, 'GET', DEPOSITS);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('STAFF_SETUP_REQUIRED');
    expect((await staffRequest(t.app, cookie, 'GET', '/api/ops/v1/me')).json().staff.username).toBe(username);

    const wrong = await staffRequest(t.app, cookie, 'POST', '/api/ops/v1/me/totp', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('TOTP_INVALID');
    const enrol = await staffRequest(t.app, cookie, 'POST', '/api/ops/v1/me/totp', {
      code: await totpCodeAt(secret, t.clock),
    });
    expect(enrol.statusCode).toBe(200);
    expect(new Set(enrol.json().recoveryCodes).size).toBe(10);
    // TOTP alone is not enough: the initial password must go too.
    expect((await staffRequest(t.app, cookie, 'GET', DEPOSITS)).json().error.code).toBe(
      'STAFF_SETUP_REQUIRED',
    );

    const weak = await staffRequest(t.app, cookie, 'POST', '/api/ops/v1/me/password', {
      currentPassword: initialPassword,
      newPassword: 'password123',
    });
    expect(weak.statusCode).toBe(400);
    const changed = await staffRequest(t.app, cookie, 'POST', '/api/ops/v1/me/password', {
      currentPassword: initialPassword,
      newPassword: 'a-long-own-passphrase',
    });
    expect(changed.statusCode).toBe(204);
    expect((await staffRequest(t.app, cookie, 'GET', DEPOSITS)).statusCode).toBe(200);
    const old = await signIn(t.app, { username, password: initialPassword });
    expect(old.statusCode).toBe(401);
  });

  it('guesses the current password against the sign-in budget: the 6th wrong try is 429, the right one then too', async () => {
    const member = await createTestStaff(t.app, t.clock, 'support');
    const tries = [];
    for (let i = 0; i < 6; i++) {
      tries.push(
        await staffRequest(t.app, member.cookie, 'POST', '/api/ops/v1/me/password', {
          currentPassword: `wrong-guess-${i}-x`,
          newPassword: 'another-long-passphrase',
        }),
      );
    }
    expect(tries.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await staffRequest(t.app, member.cookie, 'POST', '/api/ops/v1/me/password', {
      currentPassword: member.password,
      newPassword: 'another-long-passphrase',
    });
    expect(right.statusCode).toBe(429);
    t.clock.advance(16 * 60_000);
  });

  it('after enrolment: a code is required, each TOTP code works once, each recovery code once', async () => {
    const member = await createTestStaff(t.app, t.clock, 'support');
    const noCode = await signIn(t.app, { username: member.username, password: member.password });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().error.code).toBe('TOTP_REQUIRED');
    expect(noCode.cookies).toEqual([]);
    const bad = await signIn(t.app, { username: member.username, password: member.password, code: '123456' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.code).toBe('INVALID_CREDENTIALS');

    const code = await totpCodeAt(member.secret, t.clock);
    const ok = await signIn(t.app, { username: member.username, password: member.password, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ mustChangePassword: false, mustEnrolTotp: false });
    expect(ok.json().totp).toBeUndefined();
    const replay = await signIn(t.app, { username: member.username, password: member.password, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('INVALID_CREDENTIALS');

    const [recovery, other] = member.recoveryCodes;
    const withRecovery = { username: member.username, password: member.password, code: recovery as string };
    expect((await signIn(t.app, withRecovery)).statusCode).toBe(200);
    expect((await signIn(t.app, withRecovery)).statusCode).toBe(401);
    const withOther = { ...withRecovery, code: (other as string).toUpperCase() };
    expect((await signIn(t.app, withOther)).statusCode).toBe(200);
  });

  it('throttles sign-in as players do: 5 failures of a username → 429 with Retry-After', async () => {
    const member = await createTestStaff(t.app, t.clock, 'support');
    for (let i = 0; i < 5; i++) {
      const res = await signIn(t.app, { username: member.username, password: 'wrong-password-x' });
      expect(res.statusCode).toBe(401);
    }
    const code = await totpCodeAt(member.secret, t.clock);
    const limited = await signIn(t.app, { username: member.username, password: member.password, code });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(16 * 60_000);
  });

  it('ends a session after 15 min idle and after 8 h whatever the activity', async () => {
    const member = await createTestStaff(t.app, t.clock, 'support');
    t.clock.advance(14 * 60_000);
    expect((await staffRequest(t.app, member.cookie, 'GET', DEPOSITS)).statusCode).toBe(200);
    t.clock.advance(16 * 60_000);
    expect((await staffRequest(t.app, member.cookie, 'GET', DEPOSITS)).statusCode).toBe(401);

    const code = await totpCodeAt(member.secret, t.clock);
    const again = await signIn(t.app, { username: member.username, password: member.password, code });
    const cookie = staffCookieOf(again) as string;
    for (let minutes = 0; minutes < 8 * 60; minutes += 10) {
      t.clock.advance(10 * 60_000);
      if (minutes + 10 >= 8 * 60) break;
      expect((await staffRequest(t.app, cookie, 'GET', '/api/ops/v1/me')).statusCode, `${minutes}`).toBe(200);
    }
    t.clock.advance(60_000);
    expect((await staffRequest(t.app, cookie, 'GET', '/api/ops/v1/me')).statusCode).toBe(401);
  });

  it("a deactivated member's session dies at its next request, and they cannot sign in again", async () => {
    const admin = await createTestStaff(t.app, t.clock, 'admin');
    const member = await createTestStaff(t.app, t.clock, 'cashier');
    expect((await staffRequest(t.app, member.cookie, 'GET', DEPOSITS)).statusCode).toBe(200);
    const off = await staffRequest(t.app, admin.cookie, 'PATCH', `/api/ops/v1/staff/${member.id}`, {
      active: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().staff.active).toBe(false);
    const dead = await staffRequest(t.app, member.cookie, 'GET', DEPOSITS);
    expect(dead.statusCode).toBe(401);
    const code = await totpCodeAt(member.secret, t.clock);
    const login = await signIn(t.app, { username: member.username, password: member.password, code });
    expect(login.statusCode).toBe(401);
    expect(login.json().error.code).toBe('INVALID_CREDENTIALS');
    // Nobody deactivates themselves (an agency could lose its last admin that way).
    const self = await staffRequest(t.app, admin.cookie, 'PATCH', `/api/ops/v1/staff/${admin.id}`, {
      active: false,
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.code).toBe('STAFF_CHANGE_NOT_ALLOWED');
  });

  it('reset-totp ends the sessions and the member enrols a new secret at the next sign-in', async () => {
    const member = await createTestStaff(t.app, t.clock, 'support');
    const reset = await automationRequest(t.app, 'POST', `/api/ops/v1/staff/${member.id}/reset-totp`);
    expect(reset.statusCode).toBe(204);
    expect((await staffRequest(t.app, member.cookie, 'GET', DEPOSITS)).statusCode).toBe(401);
    const login = await signIn(t.app, { username: member.username, password: member.password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ mustEnrolTotp: true, mustChangePassword: false });
    expect(login.json().totp.secret).not.toBe(member.secret);
    const oldRecovery = await signIn(t.app, {
      username: member.username,
      password: member.password,
      code: member.recoveryCodes[0] as string,
    });
    // Not enrolled: the old recovery code means nothing, the answer is again an enrolment.
    expect(oldRecovery.json().mustEnrolTotp).toBe(true);
  });

  it('refuses a staff cookie write from another site (CSRF), unlike the bearer token', async () => {
    const admin = await createTestStaff(t.app, t.clock, 'admin');
    const res = await staffRequest(
      t.app,
      admin.cookie,
      'POST',
      '/api/ops/v1/staff',
      { username: 'csrfvictim', displayName: 'X', role: 'admin' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF');
  });

  it('audits sign-ins (failed ones too), refusals and changes with the staff name and address', async () => {
    const admin = await createTestStaff(t.app, t.clock, 'admin');
    const support = await createTestStaff(t.app, t.clock, 'support');
    await signIn(t.app, { username: support.username, password: 'not-the-password' });
    const refused = await staffRequest(t.app, support.cookie, 'GET', '/api/ops/v1/staff');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN_ROLE');

    const page = await staffRequest(
      t.app,
      admin.cookie,
      'GET',
      `/api/ops/v1/audit?actor=${support.username}&pageSize=100`,
    );
    expect(page.statusCode).toBe(200);
    const items = page.json().items as Array<{
      action: string;
      outcome: string;
      ip: string | null;
      object: string;
    }>;
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'staff.login', outcome: 'FAILED:INVALID_CREDENTIALS' }),
        expect.objectContaining({ action: 'staff.login', outcome: 'OK', object: `staff:${support.id}` }),
        expect.objectContaining({
          action: 'GET /api/ops/v1/staff',
          outcome: 'REFUSED:FORBIDDEN_ROLE',
          ip: '127.0.0.1',
        }),
      ]),
    );
    const created = await staffRequest(
      t.app,
      admin.cookie,
      'GET',
      `/api/ops/v1/audit?action=staff.create&object=staff:${support.id}`,
    );
    expect(created.json().items).toEqual([
      expect.objectContaining({ actor: 'automation', after: expect.objectContaining({ role: 'support' }) }),
    ]);
    // Append-only: the database refuses to change a row.
    await expect(
      t.app.db.update(auditLog).set({ actor: 'x' }).where(eq(auditLog.actor, support.username)),
    ).rejects.toThrow();
  });
});
