import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookHeaders } from '../../adapters/payments/payment-gateway';
import { bankWebhookSecretOf } from '../../adapters/payments/register-payment-gateway';
import { bankPayments } from '../../db/schema/bank-payments';
import { deposits } from '../../db/schema/deposits';
import { createTestApp, type TestApp } from '../../test/app';
import {
  type DepositPlayer,
  depositAction,
  playerWithBankAccount,
  postDeposit,
  sandboxPay,
} from '../deposits/deposit-test-helpers';
import { createTestStaff, staffRequest, type TestStaff } from '../staff/staff.test-helpers';
import { opsHeaders } from '../withdrawals/withdrawal-test-helpers';

// Issue #40 item 7: what the cashier's screens need from the API — the player by username in the payments
// list, the credit a payment would book (the server's figure, before booking it), and the payments of an
// order's bill to confirm it with.
let t: TestApp;
let cashier: TestStaff;
let support: TestStaff;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  cashier = await createTestStaff(t.app, t.clock, 'cashier');
  support = await createTestStaff(t.app, t.clock, 'support');
}, 60_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.app.sandboxFaults.reset();
});

const ops = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: opsHeaders(t.app), ...(payload ? { payload } : {}) });
const asCashier = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  staffRequest(t.app, cashier.cookie, method, url, payload);

/** Pays a bill at the sandbox bank with its webhook dropped: only the test's own calls report it. */
async function payQuietly(billNumber: string, amount = '100000') {
  t.app.sandboxFaults.forceNext('bank', 'lost');
  const res = await sandboxPay(t.app, { billNumber, amount });
  expect(res.statusCode).toBe(201);
  return res.json().payment as { bankReference: string };
}

const paymentsOfBill = async (code: string) => {
  const [order] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
  return t.app.db
    .select()
    .from(bankPayments)
    .where(eq(bankPayments.depositId, order?.id ?? ''));
};

function postWebhook(body: unknown) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/bank/webhook',
    headers: {
      'content-type': 'application/json',
      ...webhookHeaders(bankWebhookSecretOf(t.app) ?? '', raw, t.clock.now()),
    },
    payload: raw,
  });
}

/** A gclub deposit of 100,000 kip the player cancelled and then paid: one UNMATCHED LATE payment. */
async function latePayment(): Promise<{ p: DepositPlayer; code: string; paymentId: string }> {
  const p = await playerWithBankAccount(t.app);
  const created = await postDeposit(t.app, p);
  expect(created.statusCode, created.body).toBe(201);
  const code = created.json().order.code as string;
  expect((await depositAction(t.app, p, code, 'cancel')).json().order.status).toBe('CANCELED');
  await payQuietly(code);
  await depositAction(t.app, p, code, 'check');
  const [payment] = await paymentsOfBill(code);
  expect(payment?.status).toBe('UNMATCHED');
  return { p, code, paymentId: payment?.id as string };
}

describe('the bank-payments list names the player', () => {
  it('each payment with a player carries the username; one of an unknown bill none', async () => {
    const { p, paymentId } = await latePayment();
    const list = await staffRequest(
      t.app,
      support.cookie,
      'GET',
      '/api/ops/v1/bank-payments?status=UNMATCHED&pageSize=100',
    );
    expect(list.statusCode, list.body).toBe(200);
    const item = list.json().items.find((i: { id: string }) => i.id === paymentId);
    expect(item).toMatchObject({ playerId: p.player.id, username: p.username });
  });
});

describe('credit preview: the credit a payment would book, from the server', () => {
  it("a late payment: the order's provider and rate, and the preview is exactly what the credit books", async () => {
    const { p, code, paymentId } = await latePayment();
    // The rate moves after the order was made: the order keeps the rate it was made at.
    const moved = await ops('PUT', '/api/ops/v1/exchange-rates', {
      currency: 'THB',
      buy: '630.00',
      sell: '650.00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const preview = await asCashier('GET', `/api/ops/v1/bank-payments/${paymentId}/credit-preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      preview: {
        provider: 'gclub',
        playerId: p.player.id,
        username: p.username,
        depositCode: code,
        isNewDeposit: false,
        amount: '100000',
        rate: '640.50',
        credit: '156.12',
        bonus: '0.00',
        total: '156.12',
      },
    });
    const credited = await asCashier('POST', `/api/ops/v1/bank-payments/${paymentId}/credit`, {
      provider: 'gclub',
    });
    expect(credited.statusCode, credited.body).toBe(200);
    const { deposit } = credited.json();
    expect(deposit.code).toBe(code);
    expect(
      (BigInt(deposit.credit.replace('.', '')) + BigInt(deposit.bonus.replace('.', ''))).toString(),
    ).toBe('15612');
    // Resolved: nothing left to preview.
    const again = await asCashier('GET', `/api/ops/v1/bank-payments/${paymentId}/credit-preview`);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'PAYMENT_ALREADY_RESOLVED']);
    await ops('PUT', '/api/ops/v1/exchange-rates', { currency: 'THB', buy: '625.25', sell: '640.50' });
  });

  it('another provider than the order names is previewed for that provider', async () => {
    const { paymentId } = await latePayment();
    const preview = await asCashier(
      'GET',
      `/api/ops/v1/bank-payments/${paymentId}/credit-preview?provider=alphabet`,
    );
    expect(preview.json().preview).toMatchObject({ provider: 'alphabet', credit: '156.12', total: '156.12' });
  });

  it('a payment no order names: the current rate, no provider until staff choose, a new deposit', async () => {
    const p = await playerWithBankAccount(t.app);
    const paid = await payQuietly('XPREVIEW0001', '64050');
    expect((await postWebhook(paid)).statusCode).toBe(200);
    const [payment] = await t.app.db
      .select()
      .from(bankPayments)
      .where(eq(bankPayments.bankReference, paid.bankReference));
    if (!payment) throw new Error('the unknown bill was not recorded');
    const preview = await asCashier('GET', `/api/ops/v1/bank-payments/${payment.id}/credit-preview`);
    expect(preview.json().preview).toEqual({
      provider: null,
      playerId: null,
      username: null,
      depositCode: null,
      isNewDeposit: true,
      amount: '64050',
      rate: '640.50',
      credit: '100.00',
      bonus: '0.00',
      total: '100.00',
    });
    const credited = await asCashier('POST', `/api/ops/v1/bank-payments/${payment.id}/credit`, {
      provider: 'alphabet',
      playerId: p.player.id,
    });
    expect(credited.json().deposit).toMatchObject({ credit: '100.00', bonus: '0.00' });
  });

  it('404 for an unknown payment; support may look (a read), nobody without a session', async () => {
    const unknown = await asCashier(
      'GET',
      '/api/ops/v1/bank-payments/00000000-0000-4000-8000-000000000000/credit-preview',
    );
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/ops/v1/bank-payments/00000000-0000-4000-8000-000000000000/credit-preview',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the payments of an order's bill, to confirm it with", () => {
  it('an order paid another amount lists its payment as confirmable; confirming with it credits the order', async () => {
    const p = await playerWithBankAccount(t.app);
    const created = await postDeposit(t.app, p);
    const code = created.json().order.code as string;
    expect((await sandboxPay(t.app, { billNumber: code, amount: '99000' })).statusCode).toBe(201);
    await depositAction(t.app, p, code, 'check');
    const [mismatch] = await paymentsOfBill(code);
    expect(mismatch).toMatchObject({ status: 'UNMATCHED', reason: 'AMOUNT_MISMATCH' });

    const listed = await staffRequest(t.app, support.cookie, 'GET', `/api/ops/v1/deposits/${code}/payments`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items).toEqual([
      expect.objectContaining({
        id: mismatch?.id,
        amount: '99000',
        status: 'UNMATCHED',
        reason: 'AMOUNT_MISMATCH',
        username: p.username,
        confirmable: true,
      }),
    ]);
    const confirmed = await asCashier('POST', `/api/ops/v1/deposits/${code}/confirm`, {
      paymentId: mismatch?.id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Settled: the payment is now this order's own (MATCHED), which a FAILED order could be confirmed with again.
    const after = await staffRequest(t.app, support.cookie, 'GET', `/api/ops/v1/deposits/${code}/payments`);
    expect(after.json().items).toEqual([
      expect.objectContaining({ id: mismatch?.id, status: 'MATCHED', confirmable: true }),
    ]);
  });

  it('a refunded payment of the bill is listed but not confirmable; an unknown order is 404', async () => {
    const { code, paymentId } = await latePayment();
    const refunded = await asCashier('POST', `/api/ops/v1/bank-payments/${paymentId}/refund`, {
      bankReference: `RF-${paymentId.slice(0, 8)}`,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const listed = await asCashier('GET', `/api/ops/v1/deposits/${code}/payments`);
    expect(listed.json().items).toEqual([
      expect.objectContaining({ id: paymentId, status: 'REFUNDED', confirmable: false }),
    ]);
    const unknown = await asCashier('GET', '/api/ops/v1/deposits/DZZZZZZZZZZZ/payments');
    expect(unknown.statusCode).toBe(404);
  });
});
