import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { totpCodeAt } from '../security/security-test-helpers';
import { automationRequest, signIn, staffCookieOf, staffRequest } from './staff.test-helpers';

// Issue #40 item 8: a reload in the middle of the first sign-in. The secret being enrolled stays the same
// until it is confirmed (kept in its staff_totp row as before), the member's session can show it again, and
// the session says what set-up is still owed, so the console sends the member back to that step.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function newMember(): Promise<{ id: string; username: string; initialPassword: string }> {
  const username = `enr${Math.random().toString(36).slice(2, 10)}`;
  const created = await automationRequest(t.app, 'POST', '/api/ops/v1/staff', {
    username,
    displayName: 'Enrolling member',
    role: 'cashier',
  });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().staff.id, username, initialPassword: created.json().initialPassword };
}

describe('first sign-in survives a reload', () => {
  it('the pending secret is the same at every sign-in until enrolled, and the session shows it again', async () => {
    const member = await newMember();
    const first = await signIn(t.app, { username: member.username, password: member.initialPassword });
    expect(first.statusCode).toBe(200);
    const { secret, otpauthUrl } = first.json().totp as { secret: string; otpauthUrl: string };
    const cookie = staffCookieOf(first) as string;

    // The page reloaded: the session says what is owed, and shows the same secret.
    const me = await staffRequest(t.app, cookie, 'GET', '/api/ops/v1/me');
    expect(me.json()).toMatchObject({
      staff: { username: member.username },
      mustEnrolTotp: true,
      mustChangePassword: true,
    });
    const pending = await staffRequest(t.app, cookie, 'GET', '/api/ops/v1/me/totp');
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()).toEqual({ totp: { secret, otpauthUrl } });

    // Signing in again before enrolling (another tab, the sign-in page again) keeps it too.
    const second = await signIn(t.app, { username: member.username, password: member.initialPassword });
    expect(second.json().totp).toEqual({ secret, otpauthUrl });
    const secondCookie = staffCookieOf(second) as string;

    const enrolled = await staffRequest(t.app, secondCookie, 'POST', '/api/ops/v1/me/totp', {
      code: await totpCodeAt(secret, t.clock),
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    t.clock.advance(30_000);

    // Enrolled: the secret is never shown again, and the session says only the password is owed.
    const shown = await staffRequest(t.app, secondCookie, 'GET', '/api/ops/v1/me/totp');
    expect([shown.statusCode, shown.json().error.code]).toEqual([409, 'TOTP_ALREADY_ENABLED']);
    expect(shown.body).not.toContain(secret);
    const after = await staffRequest(t.app, secondCookie, 'GET', '/api/ops/v1/me');
    expect(after.json()).toMatchObject({ mustEnrolTotp: false, mustChangePassword: true });
  });

  it('an admin reset starts a new secret; a fully set-up member owes nothing', async () => {
    const member = await newMember();
    const first = await signIn(t.app, { username: member.username, password: member.initialPassword });
    const { secret } = first.json().totp as { secret: string };
    const reset = await automationRequest(t.app, 'POST', `/api/ops/v1/staff/${member.id}/reset-totp`);
    expect(reset.statusCode).toBe(204);
    const next = await signIn(t.app, { username: member.username, password: member.initialPassword });
    const fresh = next.json().totp.secret as string;
    expect(fresh).not.toBe(secret);
    const cookie = staffCookieOf(next) as string;
    await staffRequest(t.app, cookie, 'POST', '/api/ops/v1/me/totp', {
      code: await totpCodeAt(fresh, t.clock),
    });
    t.clock.advance(30_000);
    const changed = await staffRequest(t.app, cookie, 'POST', '/api/ops/v1/me/password', {
      currentPassword: member.initialPassword,
      newPassword: 'an-own-long-passphrase-9',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    const me = await staffRequest(t.app, cookie, 'GET', '/api/ops/v1/me');
    expect(me.json()).toMatchObject({ mustEnrolTotp: false, mustChangePassword: false });
  });
});
