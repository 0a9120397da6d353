import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../db/schema/ledger';
import { createTestApp, registerTestPlayer, type TestApp } from '../../test/app';
import { playerProviderAccount } from '../ledger/account-key';
import { getAccountBalance } from '../ledger/get-account-balance';
import { hasSuccessfulDeposit } from '../ledger/has-successful-deposit';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { runReconciliationNow } from '../reconciliation/reconciliation-test-helpers';
import {
  automationRequest,
  createTestStaff,
  staffRequest,
  type TestStaff,
} from '../staff/staff.test-helpers';

let t: TestApp;
let financeA: TestStaff;
let financeB: TestStaff;
let admin: TestStaff;
beforeAll(async () => {
  // Listening: the sandbox providers are reached over HTTP by the provider clients.
  t = await createTestApp({}, { listen: true });
  financeA = await createTestStaff(t.app, t.clock, 'finance');
  financeB = await createTestStaff(t.app, t.clock, 'finance');
  admin = await createTestStaff(t.app, t.clock, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const request = (member: TestStaff, body: Record<string, unknown>) =>
  staffRequest(t.app, member.cookie, 'POST', '/api/ops/v1/adjustments', body);
const decide = (member: TestStaff, id: string, verb: 'approve' | 'reject', reason?: string) =>
  staffRequest(t.app, member.cookie, 'POST', `/api/ops/v1/approvals/${id}/${verb}`, reason ? { reason } : {});
const adjustmentsOf = (playerId: string) =>
  t.app.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.playerId, playerId));

describe('four eyes: adjustments', () => {
  it('posts one ADJUSTMENT only once a second finance member approves; the requester and OPS_TOKEN cannot', async () => {
    const p = await registerTestPlayer(t.app);
    const agencyId = await demoAgencyId(t.app.db);
    const asked = await request(financeA, {
      playerId: p.player.id,
      provider: 'betflix',
      amount: '100.50',
      reason: 'goodwill for a lost spin',
    });
    expect(asked.statusCode).toBe(202);
    const { approval } = asked.json();
    expect(approval).toMatchObject({
      kind: 'ADJUSTMENT',
      status: 'PENDING',
      requestedBy: financeA.username,
      payload: { playerId: p.player.id, provider: 'betflix', amount: '100.50' },
    });
    expect(await adjustmentsOf(p.player.id)).toEqual([]);

    const own = await decide(financeA, approval.id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('SAME_STAFF');
    const robot = await automationRequest(t.app, 'POST', `/api/ops/v1/approvals/${approval.id}/approve`, {});
    expect(robot.statusCode).toBe(403);
    expect(robot.json().error.code).toBe('AUTOMATION_CANNOT_APPROVE');
    expect(await adjustmentsOf(p.player.id)).toEqual([]);

    const pending = await staffRequest(
      t.app,
      financeB.cookie,
      'GET',
      '/api/ops/v1/approvals?status=PENDING&pageSize=100',
    );
    expect(pending.json().items.map((a: { id: string }) => a.id)).toContain(approval.id);

    // Two approvers at once: one wins, the other is told it is no longer pending; one ledger entry set.
    const [first, second] = await Promise.all([
      decide(financeB, approval.id, 'approve', 'checked the game log'),
      decide(admin, approval.id, 'approve'),
    ]);
    const statuses = [first?.statusCode, second?.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const approved = (first?.statusCode === 200 ? first : second)?.json().approval;
    expect(approved).toMatchObject({ status: 'APPROVED', result: { status: 'APPLIED' } });
    const posted = await adjustmentsOf(p.player.id);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      kind: 'ADJUSTMENT',
      reference: approved.result.reference,
      provider: 'betflix',
    });
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(p.player.id, 'betflix'))).toBe(
      10_050n,
    );
    expect(await hasSuccessfulDeposit(t.app.db, p.player.id)).toBe(false);

    // A negative adjustment takes credit back, through the same request and approval.
    const back = await request(financeB, {
      playerId: p.player.id,
      provider: 'betflix',
      amount: '-40.00',
      reason: 'double credit',
    });
    expect(back.statusCode).toBe(202);
    const took = await decide(financeA, back.json().approval.id, 'approve');
    expect(took.json().approval).toMatchObject({ status: 'APPROVED', result: { status: 'APPLIED' } });
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(p.player.id, 'betflix'))).toBe(
      6_050n,
    );
    expect(await adjustmentsOf(p.player.id)).toHaveLength(2);

    const report = await runReconciliationNow(t.app, 'FULL');
    expect(report.run?.differences).toBe(0);
  });

  it('a rejected request moves nothing; a decided one cannot be decided again', async () => {
    const p = await registerTestPlayer(t.app);
    const asked = await request(financeA, {
      playerId: p.player.id,
      provider: 'gclub',
      amount: '5.00',
      reason: 'test',
    });
    const { id } = asked.json().approval;
    const rejected = await decide(financeB, id, 'reject', 'no evidence');
    expect(rejected.json().approval).toMatchObject({
      status: 'REJECTED',
      decidedBy: financeB.username,
      decisionReason: 'no evidence',
      result: null,
    });
    const again = await decide(admin, id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('APPROVAL_NOT_PENDING');
    expect(await adjustmentsOf(p.player.id)).toEqual([]);
    const refs = await t.app.db
      .select()
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.reference, `%${id}%`));
    expect(refs).toEqual([]);
  });

  it('validates the request: amount signed and non-zero, a known provider, a player of the agency', async () => {
    const p = await registerTestPlayer(t.app);
    for (const amount of ['0', '0.00', '1.001', 'abc', '-1000000000.00']) {
      const res = await request(financeA, { playerId: p.player.id, provider: 'gclub', amount, reason: 'x' });
      expect(res.statusCode, amount).toBe(400);
    }
    const unknown = await request(financeA, {
      playerId: p.player.id,
      provider: 'pgslot',
      amount: '1.00',
      reason: 'x',
    });
    expect(unknown.json().error.code).toBe('UNKNOWN_PROVIDER');
    const nobody = await request(financeA, {
      playerId: '00000000-0000-4000-8000-000000000000',
      provider: 'gclub',
      amount: '1.00',
      reason: 'x',
    });
    expect(nobody.statusCode).toBe(404);
    const noReason = await request(financeA, { playerId: p.player.id, provider: 'gclub', amount: '1.00' });
    expect(noReason.statusCode).toBe(400);
  });
});

describe('four eyes: role changes', () => {
  it('a role change is a request that another admin or finance member approves', async () => {
    const cashier = await createTestStaff(t.app, t.clock, 'cashier');
    const change = await staffRequest(t.app, admin.cookie, 'PATCH', `/api/ops/v1/staff/${cashier.id}`, {
      role: 'finance',
    });
    expect(change.statusCode).toBe(202);
    const { approval } = change.json();
    expect(approval).toMatchObject({
      kind: 'ROLE_CHANGE',
      status: 'PENDING',
      payload: { from: 'cashier', to: 'finance' },
    });
    // Not yet: the cashier still cannot see approvals.
    expect((await staffRequest(t.app, cashier.cookie, 'GET', '/api/ops/v1/approvals')).statusCode).toBe(403);
    expect((await decide(admin, approval.id, 'approve')).json().error.code).toBe('SAME_STAFF');
    // The member concerned cannot approve their own promotion either (once finance, below, they could try).
    const promoted = await createTestStaff(t.app, t.clock, 'finance');
    const toAdmin = await staffRequest(t.app, admin.cookie, 'PATCH', `/api/ops/v1/staff/${promoted.id}`, {
      role: 'admin',
    });
    const self = await decide(promoted, toAdmin.json().approval.id, 'approve');
    expect(self.statusCode).toBe(403);
    expect(self.json().error.code).toBe('SAME_STAFF');
    const done = await decide(financeA, approval.id, 'approve');
    expect(done.statusCode).toBe(200);
    expect(done.json().approval.result).toEqual({ role: 'finance' });
    expect((await staffRequest(t.app, cashier.cookie, 'GET', '/api/ops/v1/approvals')).statusCode).toBe(200);
  });
});
