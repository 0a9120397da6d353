import { parseLaoQr } from '@lc/shared/laoqr';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { webhookHeaders } from '../../adapters/payments/payment-gateway';
import { bankWebhookSecretOf } from '../../adapters/payments/register-payment-gateway';
import { bankPayments } from '../../db/schema/bank-payments';
import { deposits } from '../../db/schema/deposits';
import { sandboxBankPayments } from '../../db/schema/sandbox-bank';
import { parseFaults } from '../../sandbox/faults';
import { createTestApp, type TestApp } from '../../test/app';
import { runWorkerTick } from '../../worker/run-worker-tick';
import {
  creditsOf,
  type DepositPlayer,
  depositAction,
  playerWithBankAccount,
  postDeposit,
  sandboxPay,
  waitFor,
} from '../deposits/deposit-test-helpers';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { createTestStaff, staffRequest } from '../staff/staff.test-helpers';
import { opsHeaders } from '../withdrawals/withdrawal-test-helpers';

let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  agencyId = await demoAgencyId(t.app.db);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.app.sandboxFaults.reset();
});

const CREDIT = 156_12n; // 100,000 kip ÷ 640.50, rounded down to the satang
const LOCAL_MID = 'MID-BCEL-0001';
const GATEWAY_MID = 'MID-LDB-0001';

async function openDeposit(mid = LOCAL_MID): Promise<{ p: DepositPlayer; code: string }> {
  const p = await playerWithBankAccount(t.app);
  // The player's gclub member exists from the start, so "nothing credited" reads 0 at the provider.
  const credit = await t.app.inject({
    method: 'GET',
    url: '/api/v2/players/credits/gclub',
    headers: { cookie: p.cookie },
  });
  expect(credit.statusCode).toBe(200);
  const res = await postDeposit(t.app, p, { mid });
  expect(res.statusCode).toBe(201);
  return { p, code: res.json().order.code };
}

const rowOf = async (code: string) => {
  const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
  if (!row) throw new Error(`no deposit ${code}`);
  return row;
};
const paymentsOf = async (code: string) =>
  t.app.db
    .select()
    .from(bankPayments)
    .where(eq(bankPayments.depositId, (await rowOf(code)).id));

/** Pays a bill at the sandbox bank with its webhook dropped: only the test's own calls report it. */
async function payQuietly(billNumber: string, amount = '100000') {
  t.app.sandboxFaults.forceNext('bank', 'lost');
  const res = await sandboxPay(t.app, { billNumber, amount });
  expect(res.statusCode).toBe(201);
  return res.json().payment as { billNumber: string; amount: string; paidAt: string; bankReference: string };
}

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

const ops = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: opsHeaders(t.app), ...(payload ? { payload } : {}) });

describe('finding 1: a payment after the deposit was cancelled is kept, shown and resolved once', () => {
  it('an order staff credited with its late payment takes no second payment of its bill (CI seed 1213726978)', async () => {
    const { p, code } = await openDeposit();
    expect((await depositAction(t.app, p, code, 'cancel')).json().order.status).toBe('CANCELED');
    await payQuietly(code);
    await depositAction(t.app, p, code, 'check');
    const [late] = await paymentsOf(code);
    // The provider fails: the order the late payment revived waits PAID for its credit.
    t.app.sandboxFaults.forceNext('providers', 'error', 'error', 'error');
    const credited = await ops('POST', `/api/ops/v1/bank-payments/${late?.id}/credit`, { provider: 'gclub' });
    expect(credited.json().payment, credited.body).toMatchObject({
      status: 'CREDITED',
      creditedDepositCode: code,
    });
    // The player pays the bill again; staff must not settle the order a second time with it.
    expect((await sandboxPay(t.app, { billNumber: code, amount: '100000' })).statusCode).toBe(201);
    await waitFor(async () => (await paymentsOf(code)).length === 2);
    const second = (await paymentsOf(code)).find((payment) => payment.id !== late?.id);
    expect(second?.status).toBe('UNMATCHED');
    t.app.sandboxFaults.reset();
    const confirmed = await ops('POST', `/api/ops/v1/deposits/${code}/confirm`, { paymentId: second?.id });
    expect(confirmed.statusCode, confirmed.body).toBe(409);
    expect(['DEPOSIT_ALREADY_PAID', 'ORDER_NOT_OPEN', 'TRANSFER_PENDING']).toContain(
      confirmed.json().error.code,
    );
    const [after] = (await paymentsOf(code)).filter((payment) => payment.id === second?.id);
    expect(after?.status).toBe('UNMATCHED');
  });

  it('after the player cancelled: check asks the bank, the order is late-paid, staff credit it once from the paid amount', async () => {
    const { p, code } = await openDeposit();
    expect((await depositAction(t.app, p, code, 'cancel')).json().order.status).toBe('CANCELED');
    const paid = await payQuietly(code);

    const check = await depositAction(t.app, p, code, 'check');
    expect([check.statusCode, check.json().order]).toEqual([
      200,
      expect.objectContaining({ code, status: 'CANCELED', latePaid: true }),
    ]);
    const [payment] = await paymentsOf(code);
    expect(payment).toMatchObject({ status: 'UNMATCHED', reason: 'LATE', bankReference: paid.bankReference });
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v2/deposits',
      headers: { cookie: p.cookie },
    });
    expect(history.json().items[0]).toMatchObject({ code, status: 'CANCELED', latePaid: true });

    const queue = await ops('GET', '/api/ops/v1/bank-payments?status=UNMATCHED&pageSize=100');
    expect(queue.json().items).toContainEqual(
      expect.objectContaining({ id: payment?.id, reason: 'LATE', depositCode: code, amount: '100000' }),
    );

    const credited = await ops('POST', `/api/ops/v1/bank-payments/${payment?.id}/credit`, {
      provider: 'gclub',
    });
    expect(credited.statusCode).toBe(200);
    expect(credited.json()).toMatchObject({
      payment: { status: 'CREDITED', creditedDepositCode: code },
      deposit: { code, status: 'SUCCESS', credit: '156.12', isLatePaid: false },
    });
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
    const again = await ops('POST', `/api/ops/v1/bank-payments/${payment?.id}/credit`, { provider: 'gclub' });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'PAYMENT_ALREADY_RESOLVED']);
    const refund = await ops('POST', `/api/ops/v1/bank-payments/${payment?.id}/refund`, {
      bankReference: 'R1',
    });
    expect([refund.statusCode, refund.json().error.code]).toEqual([409, 'PAYMENT_ALREADY_RESOLVED']);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v2/deposits',
      headers: { cookie: p.cookie },
    });
    expect(after.json().items[0]).toMatchObject({ code, status: 'SUCCESS', latePaid: false });
  });

  it('the webhook right after the player cancelled (this process remembers the order OPEN) records it late-paid, credits nothing', async () => {
    const { p, code } = await openDeposit();
    expect((await depositAction(t.app, p, code, 'cancel')).json().order.status).toBe('CANCELED');
    const paid = await payQuietly(code);
    expect((await postWebhook(paid)).statusCode).toBe(200);
    const [payment] = await paymentsOf(code);
    expect(payment).toMatchObject({ status: 'UNMATCHED', reason: 'LATE', bankReference: paid.bankReference });
    expect(await rowOf(code)).toMatchObject({ status: 'CANCELED', isLatePaid: true, paidAt: null });
    // The bank sends it again: still one payment, still nothing credited.
    expect((await postWebhook(paid)).statusCode).toBe(200);
    expect(await paymentsOf(code)).toHaveLength(1);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 0n, ledger: 0n });
  });

  it('after expiry at minute 15: the webhook of the late payment is recorded, staff refund it, nothing is credited', async () => {
    const { p, code } = await openDeposit();
    t.clock.advance(16 * 60_000);
    await runWorkerTick(t.app);
    expect((await rowOf(code)).status).toBe('CANCELED');
    const paid = await payQuietly(code);
    expect((await postWebhook(paid)).statusCode).toBe(200);
    const [payment] = await paymentsOf(code);
    expect(payment).toMatchObject({ status: 'UNMATCHED', reason: 'LATE' });
    expect((await rowOf(code)).isLatePaid).toBe(true);

    const refund = await ops('POST', `/api/ops/v1/bank-payments/${payment?.id}/refund`, {
      bankReference: 'BCEL-RF-1',
    });
    expect(refund.json().payment).toMatchObject({ status: 'REFUNDED', refundReference: 'BCEL-RF-1' });
    expect(await rowOf(code)).toMatchObject({ status: 'CANCELED', isLatePaid: false });
    const credit = await ops('POST', `/api/ops/v1/bank-payments/${payment?.id}/credit`, {
      provider: 'gclub',
    });
    expect([credit.statusCode, credit.json().error.code]).toEqual([409, 'PAYMENT_ALREADY_RESOLVED']);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 0n, ledger: 0n });
  });

  it('two staff credits of one payment at once credit it once', async () => {
    const { p, code } = await openDeposit();
    await depositAction(t.app, p, code, 'cancel');
    await postWebhook(await payQuietly(code));
    const [payment] = await paymentsOf(code);
    const url = `/api/ops/v1/bank-payments/${payment?.id}/credit`;
    const results = await Promise.all([
      ops('POST', url, { provider: 'gclub' }),
      ops('POST', url, { provider: 'gclub' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
  });
});

describe('every payment the bank reports is kept once', () => {
  it('a bill paid twice: the first settles the order, the second waits as DUPLICATE and is credited as a deposit of its own', async () => {
    const { p, code } = await openDeposit();
    await payQuietly(code);
    expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('SUCCESS');
    const second = await payQuietly(code, '50000');
    expect((await postWebhook(second)).statusCode).toBe(200);
    const payments = await paymentsOf(code);
    expect(payments.map((x) => [x.status, x.reason]).sort()).toEqual([
      ['MATCHED', null],
      ['UNMATCHED', 'DUPLICATE'],
    ]);
    const duplicate = payments.find((x) => x.reason === 'DUPLICATE');
    const res = await ops('POST', `/api/ops/v1/bank-payments/${duplicate?.id}/credit`, { provider: 'gclub' });
    expect(res.json().deposit).toMatchObject({ status: 'SUCCESS', amount: '50000', credit: '78.06' });
    expect(res.json().deposit.code).not.toBe(code);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({
      provider: CREDIT + 78_06n,
      ledger: CREDIT + 78_06n,
    });
  });

  it('a payment credited as a deposit of its own while the player has another deposit open: credited, not a 500', async () => {
    // Found by the model-based run (bank-payments-model.test.ts): the staff deposit was inserted OPEN and
    // collided with the player's open order (one OPEN order per player): 500, nothing credited.
    const { p, code } = await openDeposit();
    await payQuietly(code);
    expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('SUCCESS');
    const second = await payQuietly(code, '50000');
    expect((await postWebhook(second)).statusCode).toBe(200);
    const open = await postDeposit(t.app, p);
    expect(open.statusCode).toBe(201);
    const duplicate = (await paymentsOf(code)).find((x) => x.reason === 'DUPLICATE');
    const res = await ops('POST', `/api/ops/v1/bank-payments/${duplicate?.id}/credit`, { provider: 'gclub' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deposit).toMatchObject({ status: 'SUCCESS', amount: '50000', credit: '78.06' });
    // The player's open order is untouched: still OPEN, still the one to pay.
    expect((await rowOf(open.json().order.code)).status).toBe('OPEN');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({
      provider: CREDIT + 78_06n,
      ledger: CREDIT + 78_06n,
    });
  });

  it("an order already paid (its credit failing) is not confirmed with another order's payment: neither is lost", async () => {
    // Found by the model-based run: confirming it moved the order to the other payment and left its own
    // payment MATCHED to an order it no longer settled: neither credited nor refundable.
    const late = await openDeposit();
    expect((await depositAction(t.app, late.p, late.code, 'cancel')).statusCode).toBe(200);
    await payQuietly(late.code);
    expect((await depositAction(t.app, late.p, late.code, 'check')).json().order.latePaid).toBe(true);
    const [latePayment] = await paymentsOf(late.code);
    const { p, code } = await openDeposit();
    t.app.sandboxFaults.forceNext('providers', 'error', 'error', 'error', 'error', 'error');
    await payQuietly(code);
    expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('PAID');
    t.app.sandboxFaults.reset();
    const refused = await ops('POST', `/api/ops/v1/deposits/${code}/confirm`, { paymentId: latePayment?.id });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('DEPOSIT_ALREADY_PAID');
    // Its own payment settles it; the other stays UNMATCHED, still refundable.
    const [own] = await paymentsOf(code);
    const confirmed = await ops('POST', `/api/ops/v1/deposits/${code}/confirm`, { paymentId: own?.id });
    expect(confirmed.json().deposit.status).toBe('SUCCESS');
    const refund = await ops('POST', `/api/ops/v1/bank-payments/${latePayment?.id}/refund`, {
      bankReference: 'RF-M1',
    });
    expect(refund.statusCode, refund.body).toBe(200);
  });

  it("a second payment whose webhook was lost is found by the worker's final look-up once the order's life ended", async () => {
    const { p, code } = await openDeposit();
    await payQuietly(code);
    expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('SUCCESS');
    await payQuietly(code);
    // A check of a settled order answers it as it stands; the bank is asked once more after the QR's life.
    const check = await depositAction(t.app, p, code, 'check');
    expect([check.statusCode, check.json().order.status]).toEqual([200, 'SUCCESS']);
    expect((await paymentsOf(code)).map((x) => x.reason)).toEqual([null]);
    await runWorkerTick(t.app);
    expect((await paymentsOf(code)).map((x) => x.reason)).toEqual([null]);
    t.clock.advance(17 * 60_000 + 1);
    const tick = await runWorkerTick(t.app);
    expect(tick.lookUps).toContain(code);
    expect((await paymentsOf(code)).map((x) => x.reason).sort()).toEqual(['DUPLICATE', null]);
    const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
    expect(row?.finalLookUpAt?.getTime()).toBe(t.clock.now().getTime());
    // Once per order: the next tick does not ask again.
    t.clock.advance(60_000);
    expect((await runWorkerTick(t.app)).lookUps).not.toContain(code);
  });

  it('a final look-up the bank cannot answer is tried again after its claim, and only then marked done', async () => {
    const { p, code } = await openDeposit();
    await payQuietly(code);
    expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('SUCCESS');
    t.clock.advance(17 * 60_000 + 1);
    t.app.sandboxFaults.reset(parseFaults('bank:error=1'));
    try {
      expect((await runWorkerTick(t.app)).lookUps).toContain(code);
    } finally {
      t.app.sandboxFaults.reset();
    }
    const [failed] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
    expect(failed?.finalLookUpAt).toBeNull();
    // Within its claim it waits; after it, the look-up is made and recorded.
    expect((await runWorkerTick(t.app)).lookUps).not.toContain(code);
    t.clock.advance(61_000);
    expect((await runWorkerTick(t.app)).lookUps).toContain(code);
    const [done] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
    expect(done?.finalLookUpAt).not.toBeNull();
  });

  it('a bill no order names is UNKNOWN_BILL; crediting it needs the player', async () => {
    const p = await playerWithBankAccount(t.app);
    const paid = await payQuietly('XUNKNOWN0001', '64050');
    expect((await postWebhook(paid)).statusCode).toBe(200);
    const [payment] = await t.app.db
      .select()
      .from(bankPayments)
      .where(eq(bankPayments.bankReference, paid.bankReference));
    expect(payment).toMatchObject({
      status: 'UNMATCHED',
      reason: 'UNKNOWN_BILL',
      agencyId: null,
      depositId: null,
    });
    const url = `/api/ops/v1/bank-payments/${payment?.id}/credit`;
    const without = await ops('POST', url, { provider: 'alphabet' });
    expect([without.statusCode, without.json().error.fields]).toEqual([400, { playerId: 'REQUIRED' }]);
    const res = await ops('POST', url, { provider: 'alphabet', playerId: p.player.id });
    expect(res.json().deposit).toMatchObject({ status: 'SUCCESS', credit: '100.00', provider: 'alphabet' });
    expect(await creditsOf(t.app, agencyId, p.player.id, 'alphabet')).toEqual({
      provider: 100_00n,
      ledger: 100_00n,
    });
  });

  it('a check that arrives while the webhook of its payment is handled waits for it: one look-up, credited once', async () => {
    const { p, code } = await openDeposit();
    const paid = await payQuietly(code);
    const gateway = t.app.paymentGateway;
    const lookUp = gateway.findPaymentsByBill.bind(gateway);
    let lookUps = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const spy = vi.spyOn(gateway, 'findPaymentsByBill').mockImplementation(async (bill) => {
      lookUps += 1;
      await held;
      return lookUp(bill);
    });
    try {
      const webhook = postWebhook(paid);
      // The webhook is inside its look-up (held) when the player checks.
      await vi.waitFor(() => expect(lookUps).toBe(1));
      const check = depositAction(t.app, p, code, 'check');
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      const [hook, checked] = await Promise.all([webhook, check]);
      expect(hook.statusCode).toBe(200);
      expect([checked.statusCode, checked.json().order.status]).toEqual([200, 'SUCCESS']);
      expect(lookUps).toBe(1);
      // The same webhook again (a bank retry): the payment is kept already, no look-up, nothing more.
      expect((await postWebhook(paid)).statusCode).toBe(200);
      expect(lookUps).toBe(1);
    } finally {
      spy.mockRestore();
    }
    expect((await paymentsOf(code)).map((x) => [x.status, x.bankReference])).toEqual([
      ['MATCHED', paid.bankReference],
    ]);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
  });

  it('a signed webhook the bank does not confirm creates nothing (a leaked secret alone cannot credit)', async () => {
    const { p, code } = await openDeposit();
    const forged = {
      billNumber: code,
      amount: '100000',
      paidAt: t.clock.now().toISOString(),
      bankReference: 'FORGED1',
    };
    expect((await postWebhook(forged)).statusCode).toBe(200);
    expect(await paymentsOf(code)).toEqual([]);
    expect((await rowOf(code)).status).toBe('OPEN');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 0n, ledger: 0n });
  });

  it('a payment the bank dates before the order existed is PAID_OUTSIDE_ORDER and settles nothing', async () => {
    const { p, code } = await openDeposit();
    const paid = await payQuietly(code);
    // As the bank would report an old payment of the same bill: its own record says 2019.
    await t.app.db
      .update(sandboxBankPayments)
      .set({ paidAt: new Date('2019-03-01T00:00:00.000Z') })
      .where(eq(sandboxBankPayments.bankReference, paid.bankReference));
    const check = await depositAction(t.app, p, code, 'check');
    expect([check.statusCode, check.json().error.code]).toEqual([409, 'DEPOSIT_NOT_PAID']);
    expect((await paymentsOf(code))[0]).toMatchObject({ status: 'UNMATCHED', reason: 'PAID_OUTSIDE_ORDER' });
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 0n, ledger: 0n });
  });
});

describe('issue #18: QRs issued as Lao banks issue them', () => {
  it('a local channel composes the QR: 52 MCC, 38/02 002, the channel receiver id, 62/01 = 62/05 = the order code', async () => {
    const { p, code } = await openDeposit(LOCAL_MID);
    const qr = (await depositAction(t.app, p, code, 'laoqr')).json();
    expect(parseLaoQr(qr.payload)).toMatchObject({
      crcValid: true,
      pointOfInitiation: '12',
      iin: '27710418',
      paymentType: '002',
      receiverId: 'SBXMCH-BCEL-0001',
      mcc: '7995',
      currency: '418',
      amount: 100000n,
      billId: code,
      reference: code,
    });
    expect((await rowOf(code)).bankBillId).toBe(code);
  });

  it('a gateway channel gets its QR and bill id from the bank; a webhook naming only that bill settles it', async () => {
    const { p, code } = await openDeposit(GATEWAY_MID);
    const row = await rowOf(code);
    expect(row.bankBillId).toMatch(/^SBXB[0-9A-F]{12}$/);
    const qr = parseLaoQr((await depositAction(t.app, p, code, 'laoqr')).json().payload);
    expect(qr).toMatchObject({
      iin: '70030418',
      paymentType: '002',
      mcc: '7995',
      billId: row.bankBillId,
      reference: code,
    });
    const paid = await payQuietly(row.bankBillId ?? '');
    expect(paid.billNumber).toBe(row.bankBillId);
    const res = await postWebhook({
      billNumber: paid.billNumber,
      amount: paid.amount,
      paidAt: paid.paidAt,
      bankReference: paid.bankReference,
    });
    expect(res.statusCode).toBe(200);
    expect((await rowOf(code)).status).toBe('SUCCESS');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
  });

  it('a gateway bank that does not answer → 503 BANK_UNAVAILABLE and no order', async () => {
    const p = await playerWithBankAccount(t.app);
    t.app.sandboxFaults.forceNext('bank', 'error', 'error');
    const res = await postDeposit(t.app, p, { mid: GATEWAY_MID });
    expect([res.statusCode, res.json().error.code]).toEqual([503, 'BANK_UNAVAILABLE']);
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/v2/deposits/open',
      headers: { cookie: p.cookie },
    });
    expect(open.json().orders).toEqual([]);
  });

  it('an admin asks for a channel, another approves it; one without a receiver id (or with a bare account number) is refused', async () => {
    const channel = {
      mid: 'MID-JDB-0001',
      displayName: 'JDB Yes',
      currency: 'LAK',
      receivingBank: 'jdb',
      mode: 'gateway',
      receiverId: '259YBH6W1OMFDJ1EIQMU6XP5X5U',
      mcc: '5251',
      merchantName: 'LAO CREDIT DEMO',
      merchantCity: 'VIENTIANE',
    };
    const { receiverId: _omitted, ...withoutReceiver } = channel;
    const [admin, approver] = [
      await createTestStaff(t.app, t.clock, 'admin'),
      await createTestStaff(t.app, t.clock, 'admin'),
    ];
    const put = (body: object) =>
      staffRequest(t.app, admin.cookie, 'PUT', '/api/ops/v1/agency/payment-channels/jdb-main', body);
    const missing = await put(withoutReceiver);
    expect([missing.statusCode, missing.json().error.code, missing.json().error.fields?.receiverId]).toEqual([
      400,
      'VALIDATION_ERROR',
      'REQUIRED',
    ]);
    const bare = await put({ ...channel, receiverId: '0101100001234567' });
    expect(bare.statusCode).toBe(400);
    const asked = await put(channel);
    expect(asked.statusCode, asked.body).toBe(202);
    const approved = await staffRequest(
      t.app,
      approver.cookie,
      'POST',
      `/api/ops/v1/approvals/${asked.json().approval.id}/approve`,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const listed = await ops('GET', '/api/ops/v1/agency/payment-channels');
    expect(listed.json().paymentChannels.map((c: { code: string }) => c.code)).toEqual([
      'bcel-main',
      'ldb-main',
      'jdb-main',
    ]);
    const info = await t.app.inject({ method: 'GET', url: '/api/v2/agency/info' });
    expect(info.json().agency.paymentChannels).toContainEqual({
      code: 'jdb-main',
      mid: 'MID-JDB-0001',
      displayName: 'JDB Yes',
      currency: 'LAK',
    });
  });
});

describe('one lock order for a deposit and its payment (docs/decisions/0062)', () => {
  it('staff confirming the order and crediting its payment at once: one wins, the other 409, never a 500', async () => {
    // 20 rounds: on PostgreSQL each round is two transactions taking both rows' locks at the same moment.
    for (let round = 0; round < 20; round++) {
      const { p, code } = await openDeposit();
      await payQuietly(code, '99000');
      expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('PAID');
      const [payment] = await paymentsOf(code);
      expect(payment).toMatchObject({ status: 'UNMATCHED', reason: 'AMOUNT_MISMATCH' });
      const [confirmed, credited] = await Promise.all([
        ops('POST', `/api/ops/v1/deposits/${code}/confirm`, { paymentId: payment?.id }),
        ops('POST', `/api/ops/v1/bank-payments/${payment?.id}/credit`, { provider: 'gclub' }),
      ]);
      const statuses = [confirmed.statusCode, credited.statusCode].sort();
      expect(statuses, `${confirmed.body} ${credited.body}`).toEqual([200, 409]);
      const paidCredit = 154_56n; // 99,000 kip ÷ 640.50
      expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({
        provider: paidCredit,
        ledger: paidCredit,
      });
    }
  }, 120_000);

  it('staff confirming the order and refunding its payment at once: one wins, the other 409, never a 500', async () => {
    for (let round = 0; round < 20; round++) {
      const { p, code } = await openDeposit();
      await payQuietly(code, '99000');
      expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('PAID');
      const [payment] = await paymentsOf(code);
      const [confirmed, refunded] = await Promise.all([
        ops('POST', `/api/ops/v1/deposits/${code}/confirm`, { paymentId: payment?.id }),
        ops('POST', `/api/ops/v1/bank-payments/${payment?.id}/refund`, { bankReference: `RF-${round}` }),
      ]);
      expect(
        [confirmed.statusCode, refunded.statusCode].sort(),
        `${confirmed.body} ${refunded.body}`,
      ).toEqual([200, 409]);
      // Credited or refunded, never both.
      const [after] = await paymentsOf(code);
      const credit = await creditsOf(t.app, agencyId, p.player.id);
      if (after?.status === 'REFUNDED') expect(credit).toEqual({ provider: 0n, ledger: 0n });
      else expect(credit).toEqual({ provider: 154_56n, ledger: 154_56n });
    }
  }, 120_000);
});

describe('an order paid after staff rejected it', () => {
  it('its late payment credited to a new order: the rejected order no longer says "paid after cancellation"', async () => {
    const { p, code } = await openDeposit();
    const rejected = await ops('POST', `/api/ops/v1/deposits/${code}/reject`, { reason: 'duplicate order' });
    expect(rejected.statusCode).toBe(200);
    await payQuietly(code);
    expect((await depositAction(t.app, p, code, 'check')).json().order).toMatchObject({
      status: 'REJECTED',
      latePaid: true,
    });
    const [payment] = await paymentsOf(code);
    expect(payment).toMatchObject({ status: 'UNMATCHED' });

    const credited = await ops('POST', `/api/ops/v1/bank-payments/${payment?.id}/credit`, {
      provider: 'gclub',
    });
    expect(credited.statusCode).toBe(200);
    expect(credited.json().deposit.code).not.toBe(code);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
    expect(await rowOf(code)).toMatchObject({ status: 'REJECTED', isLatePaid: false });
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v2/deposits',
      headers: { cookie: p.cookie },
    });
    expect(history.json().items.find((item: { code: string }) => item.code === code)).toMatchObject({
      status: 'REJECTED',
      latePaid: false,
    });
  });
});

describe('rejecting an order a payment was settled to', () => {
  it('gives the payment back to staff: credited while the provider was down, then rejected → UNMATCHED, refundable', async () => {
    const { p, code } = await openDeposit();
    expect((await depositAction(t.app, p, code, 'cancel')).json().order.status).toBe('CANCELED');
    await payQuietly(code);
    await depositAction(t.app, p, code, 'check');
    const [payment] = await paymentsOf(code);
    expect(payment).toMatchObject({ status: 'UNMATCHED', reason: 'LATE' });
    // The provider refuses every call of the credit: the order stays PAID, the payment CREDITED to it.
    t.app.sandboxFaults.forceNext('providers', ...Array<'error'>(8).fill('error'));
    const credited = await ops('POST', `/api/ops/v1/bank-payments/${payment?.id}/credit`, {
      provider: 'gclub',
    });
    expect(credited.json().deposit).toMatchObject({ code, status: 'PAID' });
    t.app.sandboxFaults.reset();

    const rejected = await ops('POST', `/api/ops/v1/deposits/${code}/reject`, {
      reason: 'player disputes it',
    });
    expect(rejected.statusCode).toBe(200);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 0n, ledger: 0n });
    // The kip received waits for staff again, and the order says so.
    expect((await paymentsOf(code))[0]).toMatchObject({
      status: 'UNMATCHED',
      reason: 'LATE',
      creditedDepositId: null,
    });
    expect(await rowOf(code)).toMatchObject({ status: 'REJECTED', isLatePaid: true });
    const refund = await ops('POST', `/api/ops/v1/bank-payments/${payment?.id}/refund`, {
      bankReference: 'RF-4',
    });
    expect(refund.statusCode).toBe(200);
    expect(await rowOf(code)).toMatchObject({ status: 'REJECTED', isLatePaid: false });
  });

  it('staff crediting a late payment and rejecting its order at once: credited once or given back, never lost', async () => {
    for (let round = 0; round < 20; round++) {
      const { p, code } = await openDeposit();
      expect((await depositAction(t.app, p, code, 'cancel')).json().order.status).toBe('CANCELED');
      await payQuietly(code);
      await depositAction(t.app, p, code, 'check');
      const [payment] = await paymentsOf(code);
      const answers = await Promise.all([
        ops('POST', `/api/ops/v1/bank-payments/${payment?.id}/credit`, { provider: 'gclub' }),
        ops('POST', `/api/ops/v1/deposits/${code}/reject`, { reason: 'race' }),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
      // Whatever the worker still has to finish (a credit the reject's lease held back).
      t.clock.advance(5 * 60_000);
      await runWorkerTick(t.app);
      const [after] = await paymentsOf(code);
      const order = await rowOf(code);
      const credit = await creditsOf(t.app, agencyId, p.player.id);
      if (after?.status === 'UNMATCHED') {
        expect(order.status).toBe('REJECTED');
        expect(credit).toEqual({ provider: 0n, ledger: 0n });
      } else {
        expect(after?.status).toBe('CREDITED');
        expect(order.status).toBe('SUCCESS');
        expect(credit).toEqual({ provider: CREDIT, ledger: CREDIT });
      }
    }
  }, 120_000);
});
