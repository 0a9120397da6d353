import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies } from '../../db/schema/agency';
import { approvals } from '../../db/schema/approvals';
import { ledgerTransactions } from '../../db/schema/ledger';
import { withdrawals } from '../../db/schema/withdrawals';
import { createTestApp, type TestApp } from '../../test/app';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import {
  automationRequest,
  createStaffBy,
  createTestStaff,
  staffRequest,
  type TestStaff,
} from '../staff/staff.test-helpers';
import {
  fund,
  opsAction,
  opsHeaders,
  playerWithBankAccount,
  withdraw,
} from '../withdrawals/withdrawal-test-helpers';

let t: TestApp;
let cashier: TestStaff;
let financeA: TestStaff;
let financeB: TestStaff;
let admin: TestStaff;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  // 100.00 THB: small withdrawals stay under it, 150.00 goes over, without funding players with fortunes.
  await t.app.db
    .update(agencies)
    .set({ approvalThresholdSatang: 10_000n })
    .where(eq(agencies.id, await demoAgencyId(t.app.db)));
  // Made by an admin, not by the OPS token: they may decide the token's requests (decision 0065).
  [cashier, admin] = await Promise.all([
    createTestStaff(t.app, t.clock, 'cashier'),
    createTestStaff(t.app, t.clock, 'admin'),
  ]);
  const secondAdmin = await createTestStaff(t.app, t.clock, 'admin');
  financeA = await createStaffBy(t.app, t.clock, admin, secondAdmin, 'finance');
  financeB = await createStaffBy(t.app, t.clock, admin, secondAdmin, 'finance');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function openWithdrawal(credit: string): Promise<string> {
  const p = await playerWithBankAccount(t.app);
  await fund(t.app, p, 'gclub', '300.00');
  const res = await withdraw(t.app, p, { credit });
  expect(res.statusCode).toBe(201);
  return res.json().order.code;
}
const approveAs = (member: TestStaff, code: string, bankReference = 'BCEL-4EYES') =>
  staffRequest(t.app, member.cookie, 'POST', `/api/ops/v1/withdrawals/${code}/approve`, { bankReference });
const decide = (member: TestStaff, id: string, verb: 'approve' | 'reject') =>
  staffRequest(t.app, member.cookie, 'POST', `/api/ops/v1/approvals/${id}/${verb}`, {});
const orderOf = async (code: string) =>
  (await t.app.db.select().from(withdrawals).where(eq(withdrawals.code, code)))[0];
const payoutsOf = (code: string) =>
  t.app.db
    .select()
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.reference, `${code}:payout%`));

describe('four eyes: withdrawals over the approval threshold', () => {
  it('under the threshold: paid at once, as before', async () => {
    const code = await openWithdrawal('100.00');
    const res = await opsAction(t.app, code, 'approve');
    expect(res.statusCode).toBe(200);
    expect(res.json().withdrawal.status).toBe('SUCCESS');
  });

  it('over it by OPS_TOKEN: 202 request, not paid; the requester and the token cannot decide; one of two approvers pays once', async () => {
    const code = await openWithdrawal('150.00');
    const asked = await opsAction(t.app, code, 'approve', { bankReference: 'BCEL-BIG-1' });
    expect(asked.statusCode).toBe(202);
    const { approval } = asked.json();
    expect(approval).toMatchObject({
      kind: 'WITHDRAWAL_APPROVAL',
      status: 'PENDING',
      requestedBy: 'automation',
      payload: { code, credit: '150.00', bankReference: 'BCEL-BIG-1' },
    });
    expect((await orderOf(code))?.status).toBe('OPEN');
    expect(await payoutsOf(code)).toEqual([]);

    // Asking again while it waits: refused, nothing new filed.
    const again = await approveAs(cashier, code);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('APPROVAL_PENDING');
    const robot = await automationRequest(t.app, 'POST', `/api/ops/v1/approvals/${approval.id}/approve`, {});
    expect(robot.statusCode).toBe(403);
    expect(robot.json().error.code).toBe('AUTOMATION_CANNOT_APPROVE');
    expect((await decide(cashier, approval.id, 'approve')).json().error.code).toBe('FORBIDDEN_ROLE');

    const [first, second] = await Promise.all([
      decide(financeA, approval.id, 'approve'),
      decide(financeB, approval.id, 'approve'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const approved = (first.statusCode === 200 ? first : second).json().approval;
    expect(approved).toMatchObject({ status: 'APPROVED', result: { withdrawal: code, status: 'SUCCESS' } });
    const order = await orderOf(code);
    expect(order).toMatchObject({ status: 'SUCCESS', bankReference: 'BCEL-BIG-1' });
    expect([financeA.username, financeB.username]).toContain(order?.decidedBy);
    expect(await payoutsOf(code)).toHaveLength(1);
    // Paid: neither the withdrawal nor the request can be decided again.
    expect((await opsAction(t.app, code, 'approve')).json().error.code).toBe('ORDER_NOT_OPEN');
    expect((await decide(financeA, approval.id, 'approve')).json().error.code).toBe('APPROVAL_NOT_PENDING');
  });

  it('the staff requester cannot approve their own request (SAME_STAFF)', async () => {
    const code = await openWithdrawal('150.00');
    const asked = await approveAs(financeA, code);
    expect(asked.statusCode).toBe(202);
    const own = await decide(financeA, asked.json().approval.id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('SAME_STAFF');
    expect((await orderOf(code))?.status).toBe('OPEN');
    // A rejected request leaves the withdrawal OPEN for staff: reject it, or ask again.
    const no = await decide(financeB, asked.json().approval.id, 'reject');
    expect(no.json().approval).toMatchObject({ status: 'REJECTED', result: null });
    expect((await orderOf(code))?.status).toBe('OPEN');
    expect(await payoutsOf(code)).toEqual([]);
    expect((await approveAs(cashier, code, 'BCEL-2ND')).statusCode).toBe(202);
  });

  it('rejecting the withdrawal closes its pending request; approving that request then pays nothing', async () => {
    const code = await openWithdrawal('150.00');
    const asked = await approveAs(cashier, code);
    const { id } = asked.json().approval;
    const rejected = await staffRequest(
      t.app,
      cashier.cookie,
      'POST',
      `/api/ops/v1/withdrawals/${code}/reject`,
      {
        reason: 'name does not match',
      },
    );
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().withdrawal.status).toBe('REJECTED');
    const [closed] = await t.app.db.select().from(approvals).where(eq(approvals.id, id));
    expect(closed).toMatchObject({
      status: 'REJECTED',
      decidedBy: cashier.username,
      decisionReason: 'withdrawal rejected: name does not match',
    });
    const late = await decide(financeA, id, 'approve');
    expect(late.statusCode).toBe(409);
    expect(await payoutsOf(code)).toEqual([]);
  });

  it('approving the request and rejecting the withdrawal at once: exactly one of them happens', async () => {
    for (let i = 0; i < 3; i += 1) {
      const code = await openWithdrawal('150.00');
      const { id } = (await approveAs(cashier, code)).json().approval;
      const [approved, rejected] = await Promise.all([
        decide(financeA, id, 'approve'),
        opsAction(t.app, code, 'reject'),
      ]);
      const order = await orderOf(code);
      const payouts = await payoutsOf(code);
      if (approved.statusCode === 200) {
        expect(rejected.statusCode).toBe(409);
        expect(order?.status).toBe('SUCCESS');
        expect(payouts).toHaveLength(1);
      } else {
        expect(approved.statusCode).toBe(409);
        expect(rejected.statusCode).toBe(200);
        expect(order?.status).toBe('REJECTED');
        expect(payouts).toEqual([]);
      }
      const [request] = await t.app.db.select().from(approvals).where(eq(approvals.id, id));
      expect(request?.status).toBe(approved.statusCode === 200 ? 'APPROVED' : 'REJECTED');
    }
  });

  it('a threshold raised through PUT agency applies at once', async () => {
    await t.app.db
      .update(agencies)
      .set({ approvalThresholdSatang: 20_000n })
      .where(eq(agencies.id, await demoAgencyId(t.app.db)));
    const code = await openWithdrawal('150.00');
    expect((await opsAction(t.app, code, 'approve')).statusCode).toBe(200);
    await t.app.db
      .update(agencies)
      .set({ approvalThresholdSatang: 10_000n })
      .where(eq(agencies.id, await demoAgencyId(t.app.db)));
  });
});

describe('four eyes: rate changes of more than 5 %', () => {
  const putRate = (body: Record<string, string>, cookie?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/ops/v1/exchange-rates',
      headers: cookie ? { cookie, 'content-type': 'application/json' } : opsHeaders(t.app),
      payload: body,
    });
  const currentThb = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v2/exchange-rates' }))
      .json()
      .rates.find((r: { currency: string }) => r.currency === 'THB');

  it('up to 5 % is set at once; more is a RATE_CHANGE request that a second member applies', async () => {
    const before = await currentThb();
    expect(before).toEqual({ currency: 'THB', buy: '625.25', sell: '640.50' });
    // 5 % of 625.25 is 31.2625 and of 640.50 is 32.025: +31.26 and +32.02 are within it, set at once.
    expect((await putRate({ currency: 'THB', buy: '656.51', sell: '672.52' })).statusCode).toBe(200);
    const asked = await putRate({ currency: 'THB', buy: '700', sell: '710' }, financeA.cookie);
    expect(asked.statusCode).toBe(202);
    const { approval } = asked.json();
    expect(approval).toMatchObject({
      kind: 'RATE_CHANGE',
      payload: { currency: 'THB', buy: '700', sell: '710', previousBuy: '656.51', previousSell: '672.52' },
    });
    expect(await currentThb()).toEqual({ currency: 'THB', buy: '656.51', sell: '672.52' });
    expect((await decide(financeA, approval.id, 'approve')).json().error.code).toBe('SAME_STAFF');
    const done = await decide(admin, approval.id, 'approve');
    expect(done.statusCode).toBe(200);
    expect(done.json().approval.result).toEqual({ currency: 'THB', buy: '700', sell: '710' });
    expect(await currentThb()).toEqual({ currency: 'THB', buy: '700', sell: '710' });
    // Only the sell side moving far is enough too.
    const sellOnly = await putRate({ currency: 'THB', buy: '700', sell: '760' });
    expect(sellOnly.statusCode).toBe(202);
    const rejected = await decide(financeB, sellOnly.json().approval.id, 'reject');
    expect(rejected.json().approval.status).toBe('REJECTED');
    expect(await currentThb()).toEqual({ currency: 'THB', buy: '700', sell: '710' });
    const pending = await t.app.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.kind, 'RATE_CHANGE'), eq(approvals.status, 'PENDING')));
    expect(pending).toEqual([]);
  });
});
