import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bankPayments } from '../../db/schema/bank-payments';
import { deposits } from '../../db/schema/deposits';
import { createTestApp, type TestApp } from '../../test/app';
import {
  type DepositPlayer,
  depositAction,
  playerWithBankAccount,
  postDeposit,
  sandboxPay,
  waitFor,
} from '../deposits/deposit-test-helpers';
import { opsHeaders } from '../withdrawals/withdrawal-test-helpers';

// Issue #40 item 1 (docs/decisions/0074): what the player is told of a payment that did not settle its order
// by itself — the kip paid beside the kip ordered, why staff must act, what they did (a notice), and what
// the order became.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.app.sandboxFaults.reset();
});

const ops = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: opsHeaders(t.app), ...(payload ? { payload } : {}) });

async function openDeposit(): Promise<{ p: DepositPlayer; code: string }> {
  const p = await playerWithBankAccount(t.app);
  const res = await postDeposit(t.app, p);
  expect(res.statusCode).toBe(201);
  return { p, code: res.json().order.code };
}

/** Pays a bill at the sandbox bank with its webhook dropped: the player's check reports it. */
async function payQuietly(code: string, amount: string) {
  t.app.sandboxFaults.forceNext('bank', 'lost');
  expect((await sandboxPay(t.app, { billNumber: code, amount })).statusCode).toBe(201);
}

async function paymentsOf(code: string) {
  const [order] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
  return t.app.db
    .select()
    .from(bankPayments)
    .where(eq(bankPayments.depositId, order?.id ?? ''));
}

async function historyRow(p: DepositPlayer, code: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v2/deposits', headers: { cookie: p.cookie } });
  expect(res.statusCode).toBe(200);
  return (res.json().items as Array<Record<string, unknown>>).find((item) => item.code === code);
}

async function noticesOf(p: DepositPlayer) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v2/players/notices',
    headers: { cookie: p.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json().notices as Array<{ kind: string; payment?: Record<string, unknown> }>;
}

describe('an order paid 99,000 of 100,000 kip', () => {
  it('says so before staff act: paid_amount 99,000, review AMOUNT_MISMATCH, nothing refunded', async () => {
    const { p, code } = await openDeposit();
    const open = await historyRow(p, code);
    expect(open).toMatchObject({ paid_amount: null, review: null, refunded_amount: null });
    await payQuietly(code, '99000');
    const checked = await depositAction(t.app, p, code, 'check');
    expect(checked.json().order).toMatchObject({
      status: 'PAID',
      amount: '100000',
      paid_amount: '99000',
      review: 'AMOUNT_MISMATCH',
      refunded_amount: null,
    });
    expect(await historyRow(p, code)).toMatchObject({ paid_amount: '99000', review: 'AMOUNT_MISMATCH' });
  });

  it('credited by staff: SUCCESS from the paid kip, nothing waits, and the player has a notice with the figures', async () => {
    const { p, code } = await openDeposit();
    await payQuietly(code, '99000');
    await depositAction(t.app, p, code, 'check');
    const [payment] = await paymentsOf(code);
    const credited = await ops('POST', `/api/ops/v1/bank-payments/${payment?.id}/credit`, {
      provider: 'gclub',
    });
    expect(credited.statusCode, credited.body).toBe(200);
    // 99,000 kip ÷ 640.50 = 154.56 THB.
    expect(await historyRow(p, code)).toMatchObject({
      status: 'SUCCESS',
      credit: '154.56',
      paid_amount: '99000',
      review: null,
      refunded_amount: null,
    });
    const [notice] = await noticesOf(p);
    expect(notice).toMatchObject({
      kind: 'PAYMENT_CREDITED',
      payment: { code, amount: '99000', credit: '154.56', provider: 'gclub' },
    });
  });

  it('refunded by staff: the order is closed (REJECTED), refunded_amount 99,000, and a notice says so', async () => {
    const { p, code } = await openDeposit();
    await payQuietly(code, '99000');
    await depositAction(t.app, p, code, 'check');
    const [payment] = await paymentsOf(code);
    const refunded = await ops('POST', `/api/ops/v1/bank-payments/${payment?.id}/refund`, {
      bankReference: 'BCEL-RF-99000',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await historyRow(p, code)).toMatchObject({
      status: 'REJECTED',
      paid_amount: '99000',
      review: null,
      refunded_amount: '99000',
    });
    const [notice] = await noticesOf(p);
    expect(notice).toMatchObject({
      kind: 'PAYMENT_REFUNDED',
      payment: { code, amount: '99000', credit: null, provider: null },
    });
    // Closed: it no longer holds the player's next deposit or the staff queue of paid orders.
    const queue = await ops('GET', '/api/ops/v1/deposits?status=PAID&pageSize=100');
    expect(queue.json().items.map((item: { code: string }) => item.code)).not.toContain(code);
    // Once: a second refund or a credit of the same payment is refused.
    const again = await ops('POST', `/api/ops/v1/bank-payments/${payment?.id}/credit`, { provider: 'gclub' });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'PAYMENT_ALREADY_RESOLVED']);
  });
});

describe('other payments staff resolve', () => {
  it('paid twice: the sum is shown, the second waits as DUPLICATE, then its refund is shown', async () => {
    const { p, code } = await openDeposit();
    await payQuietly(code, '100000');
    expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('SUCCESS');
    // The second payment's webhook reaches the API in the background.
    expect((await sandboxPay(t.app, { billNumber: code, amount: '100000' })).statusCode).toBe(201);
    await waitFor(async () => (await paymentsOf(code)).length === 2);
    const duplicate = (await paymentsOf(code)).find((payment) => payment.status === 'UNMATCHED');
    expect(duplicate?.reason).toBe('DUPLICATE');
    expect(await historyRow(p, code)).toMatchObject({
      status: 'SUCCESS',
      paid_amount: '200000',
      review: 'DUPLICATE',
    });
    const refunded = await ops('POST', `/api/ops/v1/bank-payments/${duplicate?.id}/refund`, {
      bankReference: 'BCEL-RF-DUP',
    });
    expect(refunded.statusCode).toBe(200);
    expect(await historyRow(p, code)).toMatchObject({
      status: 'SUCCESS',
      paid_amount: '200000',
      review: null,
      refunded_amount: '100000',
    });
  });

  it('paid after the player cancelled: review LATE, then credited to the order itself', async () => {
    const { p, code } = await openDeposit();
    expect((await depositAction(t.app, p, code, 'cancel')).json().order.status).toBe('CANCELED');
    await payQuietly(code, '100000');
    expect((await depositAction(t.app, p, code, 'check')).json().order).toMatchObject({
      status: 'CANCELED',
      latePaid: true,
      paid_amount: '100000',
      review: 'LATE',
    });
    const [payment] = await paymentsOf(code);
    expect(
      (await ops('POST', `/api/ops/v1/bank-payments/${payment?.id}/credit`, { provider: 'gclub' }))
        .statusCode,
    ).toBe(200);
    expect(await historyRow(p, code)).toMatchObject({
      status: 'SUCCESS',
      paid_amount: '100000',
      review: null,
      latePaid: false,
    });
    expect((await noticesOf(p))[0]).toMatchObject({ kind: 'PAYMENT_CREDITED', payment: { code } });
  });
});
