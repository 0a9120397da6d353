import { buildDepositLaoQr, parseLaoQr } from '@lc/shared/laoqr';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BankUnavailableError } from '../../adapters/payments/bank-directory';
import { bankKeyOf } from '../../adapters/payments/register-bank-directory';
import { signRequest } from '../../adapters/providers/signing';
import { waitFor } from '../../modules/deposits/deposit-test-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { findSandboxPayments } from './record-sandbox-payment';

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

let bill = 0;
const nextBill = () => `TEST${Date.now()}${++bill}`.slice(0, 25);
const pay = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/sandbox/bank/payments', payload: payload as object });
const qrOf = (billNumber: string, amountLak = 150000n, reference = 'D2601150001AB') =>
  buildDepositLaoQr({
    iin: '70030418',
    receiverId: 'SBXMCH-LDB-0001',
    mcc: '7995',
    amountLak,
    merchantName: 'LAO CREDIT DEMO',
    merchantCity: 'VIENTIANE',
    billId: billNumber,
    reference,
  });
const firstPaymentOf = async (billNumber: string) => (await findSandboxPayments(t.app.db, billNumber))[0];

function signed(method: 'GET' | 'POST', path: string, body?: unknown) {
  const url = `/sandbox/bank${path}`;
  const timestamp = String(t.app.now().getTime());
  const raw = body === undefined ? '' : JSON.stringify(body);
  return t.app.inject({
    method,
    url,
    headers: {
      'x-timestamp': timestamp,
      'x-signature': signRequest(bankKeyOf(t.app) ?? '', timestamp, method, url, raw),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: raw }),
  });
}
const signedGet = (path: string) => signed('GET', path);

describe('POST /sandbox/bank/payments', () => {
  it('records a payment from a scanned QR payload (bill and amount from the QR)', async () => {
    const billNumber = nextBill();
    const res = await pay({ payload: qrOf(billNumber, 150000n) });
    expect(res.statusCode).toBe(201);
    expect(res.json().payment).toEqual({
      billNumber,
      reference: 'D2601150001AB',
      amount: '150000',
      paidAt: '2026-01-15T08:00:00.000Z',
      bankReference: expect.stringMatching(/^SBX[0-9A-F]{16}$/),
    });
  });

  it('refuses a bad QR, a QR with a wrong checksum, a bill without amount, both forms at once', async () => {
    const billNumber = nextBill();
    const good = qrOf(billNumber);
    const badCrc = `${good.slice(0, -4)}${good.slice(-4) === '0000' ? '0001' : '0000'}`;
    for (const body of [
      { payload: 'not a qr' },
      { payload: badCrc },
      { billNumber },
      { billNumber, payload: good },
      { payload: good, amount: '1' },
      { billNumber, amount: '0' },
      {},
    ]) {
      const res = await pay(body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect(await findSandboxPayments(t.app.db, billNumber)).toEqual([]);
  });

  it('takes a bill paid twice as two payments with their own references (as a real bank does)', async () => {
    const billNumber = nextBill();
    const first = (await pay({ billNumber, amount: '50000' })).json().payment;
    const second = (await pay({ payload: qrOf(billNumber, 50000n) })).json().payment;
    expect(second.bankReference).not.toBe(first.bankReference);
    expect((await findSandboxPayments(t.app.db, billNumber)).map((p) => p.bankReference)).toEqual(
      [first.bankReference, second.bankReference].sort(),
    );
  });

  it('answers look-ups of several bills at the same moment each with its own payments (batched)', async () => {
    const twice = nextBill();
    const once = nextBill();
    const unpaid = nextBill();
    const first = (await pay({ billNumber: twice, amount: '50000' })).json().payment;
    const second = (await pay({ billNumber: twice, amount: '60000' })).json().payment;
    const only = (await pay({ billNumber: once, amount: '70000' })).json().payment;
    const found = await Promise.all(
      [twice, once, unpaid, twice].map((billNumber) => findSandboxPayments(t.app.db, billNumber)),
    );
    const references = found.map((rows) => rows.map((row) => row.bankReference));
    const both = [first.bankReference, second.bankReference].sort();
    expect(references).toEqual([both, [only.bankReference], [], both]);
  });

  it('sends the signed webhook in the background (the API acknowledges even an unknown bill)', async () => {
    const billNumber = nextBill();
    await pay({ billNumber, amount: '50000' });
    await waitFor(async () => (await firstPaymentOf(billNumber))?.webhookDeliveredAt != null);
  });

  it('marks each of several payments made at once delivered (the marks are batched)', async () => {
    const bills = [nextBill(), nextBill(), nextBill(), nextBill()];
    await Promise.all(bills.map((billNumber) => pay({ billNumber, amount: '50000' })));
    await waitFor(async () => {
      const firsts = await Promise.all(bills.map(firstPaymentOf));
      return firsts.every((payment) => payment?.webhookDeliveredAt != null);
    });
  });

  it('retries a failed webhook attempt, and a lost one is never sent', async () => {
    const retried = nextBill();
    t.app.sandboxFaults.forceNext('bank', 'error', null);
    await pay({ billNumber: retried, amount: '50000' });
    await waitFor(async () => (await firstPaymentOf(retried))?.webhookDeliveredAt != null);
    const dropped = nextBill();
    t.app.sandboxFaults.forceNext('bank', 'lost');
    await pay({ billNumber: dropped, amount: '50000' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await firstPaymentOf(dropped))?.webhookDeliveredAt).toBeNull();
  });
});

describe('GET /sandbox/bank/payments/{billNumber} and the payment gateway', () => {
  it("answers the bill's payments to a signed request, 401 unsigned", async () => {
    const billNumber = nextBill();
    const paid = (await pay({ billNumber, amount: '70000' })).json().payment;
    expect((await signedGet(`/payments/${billNumber}`)).json()).toEqual({ payments: [paid] });
    expect((await signedGet('/payments/NOPE')).json()).toEqual({ payments: [] });
    const unsigned = await t.app.inject({ method: 'GET', url: `/sandbox/bank/payments/${billNumber}` });
    expect([unsigned.statusCode, unsigned.json().code]).toEqual([401, 'BAD_SIGNATURE']);
  });

  it('is what app.paymentGateway looks up; bank faults make it BankUnavailableError', async () => {
    const billNumber = nextBill();
    await pay({ billNumber, amount: '70000' });
    // The payment's webhook is handled with a look-up at this same bank: let it finish first, or it may
    // take the faults forced below (it did on PostgreSQL in CI) and this test's own look-up none.
    await waitFor(async () => (await firstPaymentOf(billNumber))?.webhookDeliveredAt != null);
    const [found] = await t.app.paymentGateway.findPaymentsByBill(billNumber);
    expect(found).toMatchObject({ billNumber, reference: null, amount: 70000n });
    expect(found?.paidAt).toEqual(new Date('2026-01-15T08:00:00.000Z'));
    expect(await t.app.paymentGateway.findPaymentsByBill('UNPAID1')).toEqual([]);
    t.app.sandboxFaults.forceNext('bank', 'error', 'error');
    await expect(t.app.paymentGateway.findPaymentsByBill(billNumber)).rejects.toThrow(BankUnavailableError);
    // One error is retried by the client.
    t.app.sandboxFaults.forceNext('bank', 'error');
    await expect(t.app.paymentGateway.findPaymentsByBill(billNumber)).resolves.toHaveLength(1);
  });
});

describe('POST /sandbox/bank/qr/dynamic (the dynamic-QR API of gateway channels)', () => {
  const order = {
    iin: '70030418',
    receiverId: 'SBXMCH-LDB-0001',
    mcc: '7995',
    merchantName: 'LAO CREDIT DEMO',
    merchantCity: 'VIENTIANE',
    amount: '150000',
    expiresAt: '2026-01-15T08:15:00.000Z',
  };

  it('issues a bill id of its own in a QR with tags 52, 38/02 002 and 62/05; the same reference answers the same bill', async () => {
    const reference = `D${Date.now()}`.slice(0, 13);
    const res = await signed('POST', '/qr/dynamic', { ...order, reference });
    expect(res.statusCode).toBe(201);
    const { qr } = res.json();
    expect(qr.billId).toMatch(/^SBXB[0-9A-F]{12}$/);
    expect(parseLaoQr(qr.payload)).toMatchObject({
      crcValid: true,
      mcc: '7995',
      paymentType: '002',
      receiverId: 'SBXMCH-LDB-0001',
      billId: qr.billId,
      reference,
      amount: 150000n,
    });
    expect((await signed('POST', '/qr/dynamic', { ...order, reference })).json()).toEqual({ qr });
    const other = await signed('POST', '/qr/dynamic', { ...order, reference, amount: '150001' });
    expect([other.statusCode, other.json().code]).toEqual([409, 'REFERENCE_CONFLICT']);
  });

  it('pays a gateway bill by its QR: the payment names the bank bill and our reference', async () => {
    const reference = `E${Date.now()}`.slice(0, 13);
    const { qr } = (await signed('POST', '/qr/dynamic', { ...order, reference })).json();
    const paid = (await pay({ payload: qr.payload })).json().payment;
    expect(paid).toMatchObject({ billNumber: qr.billId, reference, amount: '150000' });
    const unsigned = await t.app.inject({ method: 'POST', url: '/sandbox/bank/qr/dynamic', payload: order });
    expect(unsigned.statusCode).toBe(401);
  });
});
