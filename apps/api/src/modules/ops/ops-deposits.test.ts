import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { providerMemberOf } from '../../adapters/providers/member-name';
import { auditLog } from '../../db/schema/audit';
import { bankPayments } from '../../db/schema/bank-payments';
import { deposits } from '../../db/schema/deposits';
import { ledgerTransactions } from '../../db/schema/ledger';
import { createTestApp, type TestApp } from '../../test/app';
import { recordBankPayment } from '../bank-payments/record-bank-payment';
import { creditLeaseUntil } from '../deposits/credit-deposit';
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
/** The stored bank payment(s) of an order's bill, oldest first. */
const paymentsOf = async (code: string) => {
  const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
  return t.app.db
    .select()
    .from(bankPayments)
    .where(eq(bankPayments.depositId, row?.id ?? ''));
};
const paymentIdOf = async (code: string) => {
  const [payment] = await paymentsOf(code);
  if (!payment) throw new Error(`no bank payment of ${code}`);
  return payment.id;
};
/**
 * A deposit paid with the right amount whose settling process died: marked PAID with the credit lease taken
 * (attempts still 0), then — if `isTransferSent` — `<code>:in` sent to the provider, and nothing more. The
 * clock then moves past the lease, as staff would find it later.
 */
async function paidThenCrashed(options: {
  isTransferSent: boolean;
}): Promise<{ p: DepositPlayer; code: string }> {
  const opened = await openDeposit();
  t.app.sandboxFaults.forceNext('bank', 'lost');
  expect((await sandboxPay(t.app, { billNumber: opened.code, amount: '100000' })).statusCode).toBe(201);
  const [payment] = await t.app.paymentGateway.findPaymentsByBill(opened.code);
  if (!payment) throw new Error('the sandbox bank has no payment');
  const marked = await recordBankPayment(t.app, payment, creditLeaseUntil(t.app, t.clock.now()));
  expect(marked.isClaimed).toBe(true);
  if (options.isTransferSent) {
    const member = providerMemberOf('demo', opened.p.player.id);
    const sent = await t.app.providers
      .deploymentDefault('gclub')
      .transfer(member, 'in', CREDIT, `${opened.code}:in`);
    expect(sent.status).toBe('applied');
  }
  t.clock.advance(10 * 60_000);
  return opened;
}
/** Pays the order's bill once more at the sandbox bank (webhook dropped) and lets the player check. */
async function payQuietlyAgain(code: string, amount: string) {
  t.app.sandboxFaults.forceNext('bank', 'lost');
  expect((await sandboxPay(t.app, { billNumber: code, amount })).statusCode).toBe(201);
  const [payment] = (await t.app.paymentGateway.findPaymentsByBill(code)).filter(
    (p) => p.amount === BigInt(amount),
  );
  if (!payment) throw new Error('the sandbox bank has no such payment');
  await recordBankPayment(t.app, payment, creditLeaseUntil(t.app, t.clock.now()));
}
/** As the 10th failed credit attempt leaves a deposit: FAILED, waiting for staff. */
const failDeposit = (code: string) =>
  t.app.db
    .update(deposits)
    .set({ status: 'FAILED', attempts: 10, lastError: 'unknown: timeout', closedAt: t.clock.now() })
    .where(eq(deposits.code, code));
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

// 99,000 kip paid ÷ 640.50, rounded down: the credit comes from what was paid, not what was ordered.
const PAID_CREDIT = 154_56n;
// 100,000 kip paid ÷ 640.50 = 156.128… → 156.12 THB.
const CREDIT = 156_12n;

describe('POST /api/ops/v1/deposits/{code}/confirm', () => {
  it('credits a payment of another amount from the paid amount once staff confirm it; a second confirm → 409', async () => {
    const { p, code } = await paidWithAnotherAmount();
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 0n, ledger: 0n });
    const [payment] = await paymentsOf(code);
    expect(payment).toMatchObject({ status: 'UNMATCHED', reason: 'AMOUNT_MISMATCH', amount: 99000n });
    const res = await act(code, 'confirm', { paymentId: payment?.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().deposit).toMatchObject({
      code,
      status: 'SUCCESS',
      isAmountMismatch: false,
      credit: '154.56',
    });
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({
      provider: PAID_CREDIT,
      ledger: PAID_CREDIT,
    });
    expect(await depositPostings(p.player.id)).toHaveLength(1);
    expect((await paymentsOf(code))[0]).toMatchObject({ status: 'MATCHED', reason: null });
    expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('SUCCESS');
    const audit = await lastAudit(code);
    expect(audit).toMatchObject({ action: 'deposit.confirm', actor: 'automation' });
    expect(audit?.details).toMatchObject({ previousStatus: 'PAID', amount: '100000', paidAmount: '99000' });

    const again = await act(code, 'confirm', { paymentId: payment?.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ORDER_NOT_OPEN');
    expect((await act(code, 'reject')).json().error.code).toBe('ORDER_NOT_OPEN');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({
      provider: PAID_CREDIT,
      ledger: PAID_CREDIT,
    });
  });

  it('finding 3: an OPEN order nobody paid cannot be confirmed — no payment id → 400, an unknown one → 404', async () => {
    const { p, code } = await openDeposit();
    const bare = await act(code, 'confirm', {});
    expect([bare.statusCode, bare.json().error.code]).toEqual([400, 'VALIDATION_ERROR']);
    const invented = await act(code, 'confirm', { paymentId: '00000000-0000-4000-8000-000000000000' });
    expect([invented.statusCode, invented.json().error.code]).toEqual([404, 'NOT_FOUND']);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 0n, ledger: 0n });
    const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
    expect(row?.status).toBe('OPEN');
  });

  it('finding 3: one bank payment settles one order only → PAYMENT_ALREADY_RESOLVED for the second', async () => {
    const first = await paidWithAnotherAmount();
    const second = await openDeposit();
    const paymentId = await paymentIdOf(first.code);
    expect((await act(first.code, 'confirm', { paymentId })).statusCode).toBe(200);
    const res = await act(second.code, 'confirm', { paymentId });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'PAYMENT_ALREADY_RESOLVED']);
    expect(await creditsOf(t.app, agencyId, second.p.player.id)).toEqual({ provider: 0n, ledger: 0n });
  });

  it('a payment of order X that staff used for order Y settles Y only: confirming X with it → 409, credited once', async () => {
    // X was paid another amount and waits PAID for staff; staff decide the payment is Y's.
    const x = await paidWithAnotherAmount();
    const y = await openDeposit();
    const paymentId = await paymentIdOf(x.code);
    expect((await act(y.code, 'confirm', { paymentId })).statusCode).toBe(200);
    const paidCredit = { provider: PAID_CREDIT, ledger: PAID_CREDIT };
    expect(await creditsOf(t.app, agencyId, y.p.player.id)).toEqual(paidCredit);

    // The payment still names X's bill, but it settled Y: it is not X's own payment any more.
    const res = await act(x.code, 'confirm', { paymentId });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'PAYMENT_ALREADY_RESOLVED']);
    expect(await creditsOf(t.app, agencyId, x.p.player.id)).toEqual({ provider: 0n, ledger: 0n });
    expect(await creditsOf(t.app, agencyId, y.p.player.id)).toEqual(paidCredit);
    const [payment] = await t.app.db.select().from(bankPayments).where(eq(bankPayments.id, paymentId));
    const [yRow] = await t.app.db.select().from(deposits).where(eq(deposits.code, y.code));
    expect(payment).toMatchObject({ status: 'MATCHED', creditedDepositId: yRow?.id });
  });

  it('a FAILED order whose credit reached the provider is completed, not confirmed with a second payment of its bill', async () => {
    const { p, code } = await paidThenCrashed({ isTransferSent: true });
    await failDeposit(code);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: 0n });
    // The player pays the bill a second time, with another amount: a payment waiting for staff.
    await payQuietlyAgain(code, '99000');
    const second = (await paymentsOf(code)).find((payment) => payment.amount === 99000n);
    expect(second).toMatchObject({ status: 'UNMATCHED' });

    const res = await act(code, 'confirm', { paymentId: second?.id });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'DEPOSIT_ALREADY_CREDITED']);
    // The first credit is booked as it landed; the second payment still waits, and can be refunded.
    const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
    expect(row).toMatchObject({ status: 'SUCCESS', paidAmount: 100000n });
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
    expect(await depositPostings(p.player.id)).toHaveLength(1);
    const [after] = await t.app.db
      .select()
      .from(bankPayments)
      .where(eq(bankPayments.id, second?.id ?? ''));
    expect(after).toMatchObject({ status: 'UNMATCHED' });
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/ops/v1/bank-payments/${second?.id}/refund`,
      headers: opsHeaders(t.app),
      payload: { bankReference: 'RF-SECOND' },
    });
    expect(refund.statusCode).toBe(200);
  });

  it('finding 3: a 20,000,000-kip order paid with 20,000 kip is credited 31.22, not 31,225.60', async () => {
    const p = await playerWithBankAccount(t.app);
    const created = await postDeposit(t.app, p, { amount: '20000000' });
    expect(created.json().order.credit).toBe('31225.60');
    const code = created.json().order.code;
    t.app.sandboxFaults.forceNext('bank', 'lost');
    await sandboxPay(t.app, { billNumber: code, amount: '20000' });
    expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('PAID');
    const res = await act(code, 'confirm', { paymentId: await paymentIdOf(code) });
    expect(res.json().deposit).toMatchObject({ status: 'SUCCESS', credit: '31.22', paidAmount: '20000' });
    expect(await creditsOf(t.app, agencyId, p.player.id, 'gclub')).toEqual({
      provider: 31_22n,
      ledger: 31_22n,
    });
  });

  it('two confirms at once credit once', async () => {
    const { p, code } = await paidWithAnotherAmount();
    const paymentId = await paymentIdOf(code);
    const results = await Promise.all([
      act(code, 'confirm', { paymentId }),
      act(code, 'confirm', { paymentId }),
    ]);
    for (const r of results) expect([200, 202, 409]).toContain(r.statusCode);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({
      provider: PAID_CREDIT,
      ledger: PAID_CREDIT,
    });
    expect(await depositPostings(p.player.id)).toHaveLength(1);
  });

  it('answers 202 and leaves it PAID when the provider does not apply the credit; its own payment confirms it again', async () => {
    const { p, code } = await paidWithAnotherAmount();
    const paymentId = await paymentIdOf(code);
    // ensureMember is remembered per process; the confirm's look-up before it settles the order (nothing
    // there yet) answers, then the transfer and its look-ups all fail.
    t.app.sandboxFaults.forceNext('providers', null, 'error', 'error', 'error', 'error', 'error');
    const res = await act(code, 'confirm', { paymentId });
    expect(res.statusCode).toBe(202);
    expect(res.json().deposit).toMatchObject({ status: 'PAID', attempts: 1 });
    t.app.sandboxFaults.reset();
    expect((await act(code, 'confirm', { paymentId })).statusCode).toBe(200);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({
      provider: PAID_CREDIT,
      ledger: PAID_CREDIT,
    });
  });

  it('refuses to confirm a PAID order while it cannot look at the provider, and changes nothing', async () => {
    const { p, code } = await paidWithAnotherAmount();
    const paymentId = await paymentIdOf(code);
    t.app.sandboxFaults.forceNext('providers', 'error', 'error', 'error');
    const res = await act(code, 'confirm', { paymentId });
    expect(res.statusCode).toBe(503);
    t.app.sandboxFaults.reset();
    const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
    expect(row).toMatchObject({ status: 'PAID', creditLeaseUntil: null, isAmountMismatch: true });
    expect((await paymentsOf(code))[0]).toMatchObject({ status: 'UNMATCHED' });
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 0n, ledger: 0n });
    expect((await act(code, 'confirm', { paymentId })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown code', async () => {
    const res = await act('D2601159999ZZ', 'confirm', { paymentId: '00000000-0000-4000-8000-000000000000' });
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
    const confirm = await act(code, 'confirm', { paymentId: '00000000-0000-4000-8000-000000000000' });
    expect(confirm.json().error.code).toBe('ORDER_NOT_OPEN');
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

  it('refuses to reject a PAID deposit whose credit reached the provider before a crash (attempts 0), and completes it', async () => {
    const { p, code } = await paidThenCrashed({ isTransferSent: true });
    const [before] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
    expect(before).toMatchObject({ status: 'PAID', attempts: 0 });
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: 0n });

    const refused = await act(code, 'reject', { reason: 'player asked' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('DEPOSIT_ALREADY_CREDITED');
    const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
    expect(row?.status).toBe('SUCCESS');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
    expect(await depositPostings(p.player.id)).toHaveLength(1);
    expect((await lastAudit(code))?.details).toMatchObject({
      previousStatus: 'PAID',
      outcome: 'DEPOSIT_ALREADY_CREDITED',
      reason: 'player asked',
    });
  });

  it('refuses to reject a FAILED deposit whose credit arrived after all, and completes it', async () => {
    const { p, code } = await paidThenCrashed({ isTransferSent: true });
    await failDeposit(code);
    const refused = await act(code, 'reject');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('DEPOSIT_ALREADY_CREDITED');
    const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
    expect(row?.status).toBe('SUCCESS');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
  });

  it('rejects a FAILED deposit whose credit never reached the provider', async () => {
    const { p, code } = await paidThenCrashed({ isTransferSent: false });
    await failDeposit(code);
    const res = await act(code, 'reject', { reason: 'refunded by bank' });
    expect(res.statusCode).toBe(200);
    expect(res.json().deposit.status).toBe('REJECTED');
    expect((await lastAudit(code))?.details).toMatchObject({ previousStatus: 'FAILED' });
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 0n, ledger: 0n });
    expect(await depositPostings(p.player.id)).toEqual([]);
  });

  it('refuses to reject while it cannot look at the provider, and changes nothing', async () => {
    const { code } = await paidThenCrashed({ isTransferSent: false });
    t.app.sandboxFaults.forceNext('providers', 'error', 'error', 'error', 'error');
    const res = await act(code, 'reject');
    expect(res.statusCode).toBe(503);
    const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
    expect(row).toMatchObject({ status: 'PAID', creditLeaseUntil: null });
    t.app.sandboxFaults.reset();
    expect((await act(code, 'reject')).json().deposit.status).toBe('REJECTED');
  });
});
