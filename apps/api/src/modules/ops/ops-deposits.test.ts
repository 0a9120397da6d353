import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { deposits } from '../../db/schema/deposits';
import { ledgerTransactions } from '../../db/schema/ledger';
import { createTestApp, type TestApp } from '../../test/app';
import {
  creditsOf,
  type DepositPlayer,
  depositAction,
  playerWithBankAccount,
  postDeposit,
  sandboxPay,
} from '../deposits/deposit-test-helpers';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { opsHeaders } from '../withdrawals/withdrawal-test-helpers';

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

// 100000 LAK ÷ 640.50 = 156.128… → 156.12 THB.
const CREDIT = 156_12n;

async function openDeposit(): Promise<{ p: DepositPlayer; code: string }> {
  const p = await playerWithBankAccount(t.app);
  // Reading the credit creates the provider member, so balances can be read (and faults hit transfers).
  await t.app.inject({ method: 'GET', url: '/api/v2/players/credits/gclub', headers: { cookie: p.cookie } });
  const res = await postDeposit(t.app, p);
  expect(res.statusCode).toBe(201);
  return { p, code: res.json().order.code };
}
/** Pays at the sandbox bank with the webhook dropped, then the player checks: PAID with another amount. */
async function paidWithAnotherAmount(): Promise<{ p: DepositPlayer; code: string }> {
  const opened = await openDeposit();
  t.app.sandboxFaults.forceNext('bank', 'lost');
  expect((await sandboxPay(t.app, { billNumber: opened.code, amount: '99000' })).statusCode).toBe(201);
  expect((await depositAction(t.app, opened.p, opened.code, 'check')).json().order.status).toBe('PAID');
  return opened;
}
const act = (code: string, action: 'confirm' | 'reject', payload?: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ops/v1/deposits/${code}/${action}`,
    headers: opsHeaders(t.app),
    ...(payload ? { payload } : {}),
  });
const depositPostings = (playerId: string) =>
  t.app.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.playerId, playerId), eq(ledgerTransactions.kind, 'DEPOSIT')));
const lastAudit = async (code: string) =>
  (
    await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `deposit:${code}`))
      .orderBy(desc(auditLog.createdAt))
      .limit(1)
  )[0];

describe('GET /api/ops/v1/deposits', () => {
  it('lists deposits by status with ordered and paid amounts, and audits the look', async () => {
    const { p, code } = await paidWithAnotherAmount();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ops/v1/deposits?status=PAID&pageSize=100',
      headers: opsHeaders(t.app),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.find((d: { code: string }) => d.code === code)).toMatchObject({
      code,
      playerId: p.player.id,
      username: p.username,
      provider: 'gclub',
      amount: '100000',
      paidAmount: '99000',
      isAmountMismatch: true,
      credit: '156.12',
      bonus: '0.00',
      status: 'PAID',
    });
    expect(res.json().items.every((d: { status: string }) => d.status === 'PAID')).toBe(true);
    // The test clock stands still, so several look-ups share one time: find this one by its content.
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'deposits.list'));
    expect(audits.some((a) => (a.details as { status?: string } | null)?.status === 'PAID')).toBe(true);
  });

  it('answers 401 without the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ops/v1/deposits' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/ops/v1/deposits/D1/confirm', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/ops/v1/deposits/{code}/confirm', () => {
  it('credits a payment of another amount once staff confirm it; a second confirm → 409', async () => {
    const { p, code } = await paidWithAnotherAmount();
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 0n, ledger: 0n });
    const res = await act(code, 'confirm');
    expect(res.statusCode).toBe(200);
    expect(res.json().deposit).toMatchObject({ code, status: 'SUCCESS', isAmountMismatch: false });
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
    expect(await depositPostings(p.player.id)).toHaveLength(1);
    expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('SUCCESS');
    const audit = await lastAudit(code);
    expect(audit).toMatchObject({ action: 'deposit.confirm', actor: expect.stringMatching(/^ops:/) });
    expect(audit?.details).toMatchObject({ previousStatus: 'PAID', amount: '100000', paidAmount: '99000' });

    const again = await act(code, 'confirm');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ORDER_NOT_OPEN');
    expect((await act(code, 'reject')).json().error.code).toBe('ORDER_NOT_OPEN');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
  });

  it('credits an OPEN deposit staff matched by hand, with the bank reference they give', async () => {
    const { p, code } = await openDeposit();
    const res = await act(code, 'confirm', { bankReference: 'LDB-MANUAL-9' });
    expect(res.statusCode).toBe(200);
    expect(res.json().deposit).toMatchObject({ status: 'SUCCESS', bankReference: 'LDB-MANUAL-9' });
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
  });

  it('two confirms at once credit once', async () => {
    const { p, code } = await paidWithAnotherAmount();
    const results = await Promise.all([act(code, 'confirm'), act(code, 'confirm')]);
    for (const r of results) expect([200, 202, 409]).toContain(r.statusCode);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
    expect(await depositPostings(p.player.id)).toHaveLength(1);
  });

  it('answers 202 and leaves it PAID when the provider does not apply the credit', async () => {
    const { p, code } = await paidWithAnotherAmount();
    // ensureMember is remembered per process; the transfer and its look-ups all fail.
    t.app.sandboxFaults.forceNext('providers', 'error', 'error', 'error', 'error', 'error');
    const res = await act(code, 'confirm');
    expect(res.statusCode).toBe(202);
    expect(res.json().deposit).toMatchObject({ status: 'PAID', attempts: 1 });
    t.app.sandboxFaults.reset();
    expect((await act(code, 'confirm')).statusCode).toBe(200);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
  });

  it('answers 404 for an unknown code', async () => {
    const res = await act('D2601159999ZZ', 'confirm');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('POST /api/ops/v1/deposits/{code}/reject', () => {
  it('rejects an OPEN deposit (nothing credited); again → 409', async () => {
    const { p, code } = await openDeposit();
    const res = await act(code, 'reject', { reason: 'duplicate order' });
    expect(res.statusCode).toBe(200);
    expect(res.json().deposit).toMatchObject({
      code,
      status: 'REJECTED',
      closedAt: t.clock.now().toISOString(),
    });
    expect((await lastAudit(code))?.details).toMatchObject({
      previousStatus: 'OPEN',
      reason: 'duplicate order',
    });
    const again = await act(code, 'reject');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ORDER_NOT_OPEN');
    expect((await act(code, 'confirm')).json().error.code).toBe('ORDER_NOT_OPEN');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v2/deposits',
      headers: { cookie: p.cookie },
    });
    expect(list.json().items[0]).toMatchObject({ code, status: 'REJECTED' });
  });

  it('rejects a PAID deposit of another amount without crediting it', async () => {
    const { p, code } = await paidWithAnotherAmount();
    const res = await act(code, 'reject');
    expect(res.statusCode).toBe(200);
    expect(res.json().deposit.status).toBe('REJECTED');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 0n, ledger: 0n });
    const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
    expect(row?.status).toBe('REJECTED');
  });

  it('refuses to reject a PAID deposit whose credit already reached the provider', async () => {
    const { p, code } = await paidWithAnotherAmount();
    // A confirm whose answer was lost: the credit is at the provider, the deposit still PAID.
    t.app.sandboxFaults.forceNext('providers', 'lost', 'error', 'error', 'error');
    expect((await act(code, 'confirm')).statusCode).toBe(202);
    const refused = await act(code, 'reject');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TRANSFER_PENDING');
    // Settling books it instead.
    expect((await act(code, 'confirm')).statusCode).toBe(200);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
  });
});
