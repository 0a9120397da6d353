import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../db/schema/ledger';
import { staff } from '../../db/schema/staff';
import { createTestApp, registerTestPlayer, type TestApp } from '../../test/app';
import {
  automationRequest,
  createTestStaff,
  finishFirstSignIn,
  staffRequest,
  type TestStaff,
} from '../staff/staff.test-helpers';

// Issue #36 item 3: four eyes passed by one admin with a second account. Creating a member who can approve is
// itself four eyes (a second admin approves), and a member never decides a request of whoever created them,
// nor one filed before they existed (decision 0065).

let t: TestApp;
let adminA: TestStaff;
let adminB: TestStaff;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  adminA = await createTestStaff(t.app, t.clock, 'admin');
  adminB = await createTestStaff(t.app, t.clock, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const post = (member: TestStaff, url: string, body: Record<string, unknown> = {}) =>
  staffRequest(t.app, member.cookie, 'POST', url, body);
const newMember = (role: string) => {
  const username = `m${Math.random().toString(36).slice(2, 10)}`;
  return { username, displayName: `Member ${username}`, role };
};
async function askAdjustment(member: TestStaff | 'automation', playerId: string) {
  const body = { playerId, provider: 'gclub', amount: '50000.00', reason: 'goodwill' };
  const res =
    member === 'automation'
      ? await automationRequest(t.app, 'POST', '/api/ops/v1/adjustments', body)
      : await post(member, '/api/ops/v1/adjustments', body);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().approval.id as string;
}
const adjustmentsOf = (playerId: string) =>
  t.app.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.playerId, playerId));

describe('four eyes: who creates a member who can approve', () => {
  it('an admin asks for a finance member; another admin approves and receives the one-time password once', async () => {
    const asked = await post(adminA, '/api/ops/v1/staff', newMember('finance'));
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval } = asked.json();
    expect(approval).toMatchObject({ kind: 'STAFF_CREATE', status: 'PENDING', requestedBy: adminA.username });
    expect(asked.json().initialPassword).toBeUndefined();
    const username = approval.payload.username as string;
    expect(await t.app.db.select().from(staff).where(eq(staff.username, username))).toEqual([]);

    expect((await post(adminA, `/api/ops/v1/approvals/${approval.id}/approve`)).json().error.code).toBe(
      'SAME_STAFF',
    );
    const finance = await createTestStaff(t.app, t.clock, 'finance');
    const byFinance = await post(finance, `/api/ops/v1/approvals/${approval.id}/approve`);
    expect(byFinance.statusCode).toBe(403);
    expect(byFinance.json().error.code).toBe('FORBIDDEN_ROLE');

    const approved = await post(adminB, `/api/ops/v1/approvals/${approval.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().approval).toMatchObject({ status: 'APPROVED', result: { username } });
    const initialPassword = approved.json().initialPassword as string;
    expect(initialPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const [created] = await t.app.db.select().from(staff).where(eq(staff.username, username));
    expect(created).toMatchObject({
      role: 'finance',
      createdByStaffId: adminA.id,
      createdBy: adminA.username,
    });
    // Kept nowhere: the request's stored result does not hold it.
    const listed = await post(adminB, `/api/ops/v1/approvals/${approval.id}/approve`);
    expect(listed.json().error.code).toBe('APPROVAL_NOT_PENDING');
    expect(JSON.stringify(approved.json().approval)).not.toContain(initialPassword);
  });

  it('support and cashier members are created at once by an admin, their creator recorded', async () => {
    const created = await post(adminA, '/api/ops/v1/staff', newMember('cashier'));
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await t.app.db.select().from(staff).where(eq(staff.id, created.json().staff.id));
    expect(row).toMatchObject({ createdByStaffId: adminA.id, createdBy: adminA.username });
    // The OPS token (the platform) creates any member at once.
    const byToken = await automationRequest(t.app, 'POST', '/api/ops/v1/staff', newMember('admin'));
    expect(byToken.statusCode).toBe(201);
    const [tokenMade] = await t.app.db.select().from(staff).where(eq(staff.id, byToken.json().staff.id));
    expect(tokenMade).toMatchObject({ createdByStaffId: null, createdBy: 'automation' });
  });
});

describe('four eyes: a member never decides for whoever created them', () => {
  it("the hole: an admin's adjustment is not approved by a finance member the same admin had made", async () => {
    const p = await registerTestPlayer(t.app);
    // A finance member of adminA's making (the second admin signed the creation off, as it now must be).
    const asked = await post(adminA, '/api/ops/v1/staff', newMember('finance'));
    const approval = asked.json().approval;
    const approved = await post(adminB, `/api/ops/v1/approvals/${approval?.id}/approve`);
    const made = await finishFirstSignIn(
      t.app,
      t.clock,
      approval.payload.username,
      approved.json().initialPassword,
    );
    t.clock.advance(60_000);
    const id = await askAdjustment(adminA, p.player.id);
    const refused = await post(made, `/api/ops/v1/approvals/${id}/approve`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('SAME_STAFF');
    expect(await adjustmentsOf(p.player.id)).toEqual([]);
    // Another finance member may.
    const other = await createTestStaff(t.app, t.clock, 'finance');
    const booked = await post(other, `/api/ops/v1/approvals/${id}/approve`);
    expect(booked.statusCode, booked.body).toBe(200);
  });

  it('nor a request filed before the member existed', async () => {
    const p = await registerTestPlayer(t.app);
    const asker = await createTestStaff(t.app, t.clock, 'finance');
    const early = await askAdjustment(asker, p.player.id);
    t.clock.advance(60_000);
    const late = await createTestStaff(t.app, t.clock, 'finance');
    const refused = await post(late, `/api/ops/v1/approvals/${early}/approve`);
    expect(refused.json().error.code).toBe('SAME_STAFF');
    t.clock.advance(60_000);
    const afterwards = await askAdjustment(asker, p.player.id);
    expect((await post(late, `/api/ops/v1/approvals/${afterwards}/approve`)).statusCode).toBe(200);
  });

  it("the OPS token's requests are never decided by a member the token created", async () => {
    const p = await registerTestPlayer(t.app);
    const tokenMade = await createTestStaff(t.app, t.clock, 'finance');
    t.clock.advance(60_000);
    const id = await askAdjustment('automation', p.player.id);
    const refused = await post(tokenMade, `/api/ops/v1/approvals/${id}/approve`);
    expect(refused.json().error.code).toBe('SAME_STAFF');
    expect(await adjustmentsOf(p.player.id)).toEqual([]);
  });
});
