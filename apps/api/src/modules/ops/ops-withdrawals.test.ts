import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { providerMemberOf } from '../../adapters/providers/member-name';
import { auditLog } from '../../db/schema/audit';
import { ledgerTransactions } from '../../db/schema/ledger';
import { createTestApp, type TestApp } from '../../test/app';
import { houseAccount, payoutAccount, playerProviderAccount } from '../ledger/account-key';
import { getAccountBalance } from '../ledger/get-account-balance';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { runReconciliationNow } from '../reconciliation/reconciliation-test-helpers';
import { resolveWithdrawal } from '../withdrawals/resolve-withdrawal';
import {
  creditOf,
  fund,
  opsAction,
  opsHeaders,
  playerWithBankAccount,
  type Withdrawer,
  withdraw,
} from '../withdrawals/withdrawal-test-helpers';
import { findWithdrawal, lockWithdrawal } from '../withdrawals/withdrawals-repository';

let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  agencyId = await demoAgencyId(t.app.db);
});
afterEach(() => t.app.sandboxFaults.reset());
afterAll(async () => {
  await t?.close();
});

const UNANSWERED_LOOK_UPS = Array.from({ length: 9 }, () => 'error' as const);

async function openWithdrawal(credit = '100.00', funds = '300.00'): Promise<{ p: Withdrawer; code: string }> {
  const p = await playerWithBankAccount(t.app);
  await fund(t.app, p, 'gclub', funds);
  const res = await withdraw(t.app, p, { credit });
  expect(res.statusCode).toBe(201);
  return { p, code: res.json().order.code };
}
const balances = async (p: Withdrawer) => ({
  provider: await creditOf(t.app, p, 'gclub'),
  ledger: await getAccountBalance(t.app.db, agencyId, playerProviderAccount(p.player.id, 'gclub')),
  payout: await getAccountBalance(t.app.db, agencyId, payoutAccount(p.player.id)),
});
const references = async (code: string) =>
  (
    await t.app.db
      .select({ kind: ledgerTransactions.kind, reference: ledgerTransactions.reference })
      .from(ledgerTransactions)
      .where(inArray(ledgerTransactions.reference, [`${code}:out`, `${code}:back`, `${code}:payout`]))
  )
    .map((r) => `${r.kind} ${r.reference}`)
    .sort();
const auditOf = (code: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, `withdrawal:${code}`)))
    .orderBy(desc(auditLog.createdAt));
const playerStatus = async (p: Withdrawer) =>
  (await t.app.inject({ method: 'GET', url: '/api/v2/withdrawals', headers: { cookie: p.cookie } })).json()
    .items[0].status;
async function differences(): Promise<number> {
  return (await runReconciliationNow(t.app)).summary.differences;
}

describe('GET /api/ops/v1/withdrawals', () => {
  it('lists the queue oldest first with order=oldest (newest first by default)', async () => {
    const first = await openWithdrawal();
    const second = await openWithdrawal('120.00');
    const codesIn = async (order: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/ops/v1/withdrawals?status=OPEN&pageSize=100${order}`,
        headers: opsHeaders(t.app),
      });
      expect(res.statusCode).toBe(200);
      return res.json().items.map((w: { code: string }) => w.code) as string[];
    };
    const oldest = await codesIn('&order=oldest');
    expect(oldest.indexOf(first.code)).toBeLessThan(oldest.indexOf(second.code));
    const newest = await codesIn('');
    expect(newest.indexOf(second.code)).toBeLessThan(newest.indexOf(first.code));
    expect(oldest).toEqual([...newest].reverse());
  });

  it('lists the payout queue with where to pay, filtered by status, and audits the look', async () => {
    const { p, code } = await openWithdrawal('123.45');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ops/v1/withdrawals?status=OPEN&pageSize=100',
      headers: opsHeaders(t.app),
    });
    expect(res.statusCode).toBe(200);
    const item = res.json().items.find((w: { code: string }) => w.code === code);
    expect(item).toMatchObject({
      code,
      playerId: p.player.id,
      username: p.username,
      provider: 'gclub',
      amount: '123.45',
      creditReceived: '123.45',
      creditReturned: '0.00',
      payoutAmount: '77187', // 123.45 × 625.25 = 77187.1125
      rateBuy: '625.25',
      bank: 'bcel',
      accountNumber: expect.stringMatching(/^\d{12}$/),
      accountName: `Acc ${p.username}`,
      status: 'OPEN',
      bankReference: null,
    });
    expect(res.json().items.every((w: { status: string }) => w.status === 'OPEN')).toBe(true);
    const success = await t.app.inject({
      method: 'GET',
      url: '/api/ops/v1/withdrawals?status=SUCCESS',
      headers: opsHeaders(t.app),
    });
    expect(success.json().items.find((w: { code: string }) => w.code === code)).toBeUndefined();
    // Audit ids are random UUIDs and the test clock stands still, so look the entry up by its content.
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'withdrawals.list'));
    expect(audits.map((a) => a.details)).toContainEqual({ status: 'SUCCESS', total: success.json().total });
  });

  it('answers 401 without the token and 400 for an unknown status', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/ops/v1/withdrawals' });
    expect(anonymous.statusCode).toBe(401);
    for (const action of ['approve', 'reject']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/ops/v1/withdrawals/W1/${action}`,
        payload: {},
      });
      expect(res.statusCode).toBe(401);
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/ops/v1/withdrawals?status=PAID_OUT',
      headers: opsHeaders(t.app),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('POST /api/ops/v1/withdrawals/{code}/approve', () => {
  it('marks it SUCCESS with the bank reference, settles the payout account to the house; twice → 409', async () => {
    const { p, code } = await openWithdrawal('100.00');
    const house = await getAccountBalance(t.app.db, agencyId, houseAccount('THB'));
    const res = await opsAction(t.app, code, 'approve', { bankReference: 'BCEL-777' });
    expect(res.statusCode).toBe(200);
    expect(res.json().withdrawal).toMatchObject({
      code,
      status: 'SUCCESS',
      bankReference: 'BCEL-777',
      decidedBy: 'automation',
      decidedAt: t.clock.now().toISOString(),
    });
    expect(await balances(p)).toEqual({ provider: '200.00', ledger: 200_00n, payout: 0n });
    expect(await getAccountBalance(t.app.db, agencyId, houseAccount('THB'))).toBe(house + 100_00n);
    expect(await references(code)).toEqual([`WITHDRAW ${code}:out`, `WITHDRAW ${code}:payout`]);
    expect(await playerStatus(p)).toBe('SUCCESS');
    const [audit] = await auditOf(code);
    expect(audit).toMatchObject({ action: 'withdrawal.approve', actor: 'automation' });
    expect(audit?.details).toMatchObject({ payoutAmount: '62525', bankReference: 'BCEL-777' });

    const again = await opsAction(t.app, code, 'approve', { bankReference: 'BCEL-778' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ORDER_NOT_OPEN');
    const reject = await opsAction(t.app, code, 'reject');
    expect(reject.json().error.code).toBe('ORDER_NOT_OPEN');
    expect(await balances(p)).toEqual({ provider: '200.00', ledger: 200_00n, payout: 0n });
  });

  it('two approves at once: one wins, the other gets 409', async () => {
    const { code } = await openWithdrawal();
    const results = await Promise.all([opsAction(t.app, code, 'approve'), opsAction(t.app, code, 'approve')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await references(code)).toEqual([`WITHDRAW ${code}:out`, `WITHDRAW ${code}:payout`]);
  });

  it('answers 404 for an unknown code and 400 without a bank reference', async () => {
    const missing = await opsAction(t.app, 'W2601150999ZZ', 'approve');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    const { code } = await openWithdrawal();
    for (const payload of [{}, { bankReference: '  ' }, { bankReference: 'x'.repeat(101) }]) {
      const res = await opsAction(t.app, code, 'approve', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it("finds and locks an order by its code only within the caller's agency", async () => {
    const { code } = await openWithdrawal();
    const elsewhere = randomUUID();
    expect(await findWithdrawal(t.app.db, elsewhere, code)).toBeNull();
    expect(await t.app.db.transaction((tx) => lockWithdrawal(tx, elsewhere, code))).toBeNull();
    expect((await findWithdrawal(t.app.db, agencyId, code))?.status).toBe('OPEN');
    const locked = await t.app.db.transaction((tx) => lockWithdrawal(tx, agencyId, code));
    expect([locked?.code, locked?.status]).toEqual([code, 'OPEN']);
  });
});

describe('POST /api/ops/v1/withdrawals/{code}/reject', () => {
  it('returns the credit to the provider (`<code>:back`), mirrors the ledger and ends REJECTED; twice → 409', async () => {
    const { p, code } = await openWithdrawal('100.00');
    expect(await balances(p)).toEqual({ provider: '200.00', ledger: 200_00n, payout: 100_00n });
    const res = await opsAction(t.app, code, 'reject', { reason: 'name does not match' });
    expect(res.statusCode).toBe(200);
    expect(res.json().withdrawal).toMatchObject({ code, status: 'REJECTED' });
    expect(await balances(p)).toEqual({ provider: '300.00', ledger: 300_00n, payout: 0n });
    expect(await references(code)).toEqual([`WITHDRAW ${code}:out`, `WITHDRAW_RETURN ${code}:back`]);
    expect(await playerStatus(p)).toBe('REJECTED');
    const [audit] = await auditOf(code);
    expect(audit).toMatchObject({ action: 'withdrawal.reject' });
    expect(audit?.details).toMatchObject({ reason: 'name does not match', credit: '100.00', resumed: false });

    const again = await opsAction(t.app, code, 'reject');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ORDER_NOT_OPEN');
    expect((await opsAction(t.app, code, 'approve')).json().error.code).toBe('ORDER_NOT_OPEN');
    // The player may withdraw again.
    expect((await withdraw(t.app, p, { credit: '300.00' })).statusCode).toBe(201);
    expect(await differences()).toBe(0);
  });

  it('works without a body', async () => {
    const { p, code } = await openWithdrawal('100.00');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/ops/v1/withdrawals/${code}/reject`,
      headers: opsHeaders(t.app),
    });
    expect(res.statusCode).toBe(200);
    expect(await creditOf(t.app, p, 'gclub')).toBe('300.00');
  });

  it('returns the credit exactly once when two rejects run at once', async () => {
    const { p, code } = await openWithdrawal('100.00');
    const results = await Promise.all([opsAction(t.app, code, 'reject'), opsAction(t.app, code, 'reject')]);
    for (const r of results) {
      expect([200, 409]).toContain(r.statusCode);
      if (r.statusCode === 200) expect(r.json().withdrawal.status).toBe('REJECTED');
    }
    expect(await balances(p)).toEqual({ provider: '300.00', ledger: 300_00n, payout: 0n });
    const member = providerMemberOf('demo', p.player.id);
    const statement = await t.app.providers.deploymentDefault('gclub').getStatement(member);
    expect(statement).toEqual({ balance: 300_00n, transferredIn: 400_00n, transferredOut: 100_00n });
    expect(await references(code)).toEqual([`WITHDRAW ${code}:out`, `WITHDRAW_RETURN ${code}:back`]);
  });

  it('a lost answer on the way back is resumed under the same reference and returns the credit once', async () => {
    const { p, code } = await openWithdrawal('100.00');
    t.app.sandboxFaults.forceNext('providers', 'lost', ...UNANSWERED_LOOK_UPS);
    const pending = await opsAction(t.app, code, 'reject');
    expect(pending.statusCode).toBe(202);
    expect(pending.json().withdrawal.status).toBe('RETURNING');
    expect(await playerStatus(p)).toBe('OPEN');
    // The credit is back at the provider, the ledger does not know yet; approve is refused meanwhile.
    expect(await creditOf(t.app, p, 'gclub')).toBe('300.00');
    expect((await opsAction(t.app, code, 'approve')).json().error.code).toBe('ORDER_NOT_OPEN');

    t.clock.advance(1000);
    const resumed = await opsAction(t.app, code, 'reject');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().withdrawal.status).toBe('REJECTED');
    expect(await resolveWithdrawal(t.app, code)).toMatchObject({ status: 'REJECTED' });
    expect(await balances(p)).toEqual({ provider: '300.00', ledger: 300_00n, payout: 0n });
    const [audit] = await auditOf(code);
    expect(audit?.details).toMatchObject({ resumed: true });
    expect(await differences()).toBe(0);
  });

  it('the worker resolves a RETURNING withdrawal as well', async () => {
    const { p, code } = await openWithdrawal('100.00');
    t.app.sandboxFaults.forceNext('providers', 'error', ...UNANSWERED_LOOK_UPS);
    expect((await opsAction(t.app, code, 'reject')).statusCode).toBe(202);
    expect(await creditOf(t.app, p, 'gclub')).toBe('200.00');
    expect(await resolveWithdrawal(t.app, code)).toMatchObject({ status: 'REJECTED' });
    expect(await balances(p)).toEqual({ provider: '300.00', ledger: 300_00n, payout: 0n });
  });
});
