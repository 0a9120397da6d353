import { buildDepositLaoQr } from '@lc/shared/laoqr';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BankUnavailableError } from '../../adapters/payments/bank-directory';
import { bankKeyOf } from '../../adapters/payments/register-bank-directory';
import { signRequest } from '../../adapters/providers/signing';
import { waitFor } from '../../modules/deposits/deposit-test-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { findSandboxPayment } from './record-sandbox-payment';

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
const qrOf = (billNumber: string, amountLak = 150000n) =>
  buildDepositLaoQr({
    iin: '70030418',
    receiverId: 'LRV25288QOSY68AFCZJ7PUE1V',
    mcc: '5816',
    merchantName: 'LAO CREDIT DEMO',
    merchantCity: 'VIENTIANE',
    amountLak,
    billId: billNumber,
    reference: billNumber,
  });

function signedGet(path: string) {
  const url = `/sandbox/bank${path}`;
  const timestamp = String(t.app.now().getTime());
  return t.app.inject({
    method: 'GET',
    url,
    headers: {
      'x-timestamp': timestamp,
      'x-signature': signRequest(bankKeyOf(t.app) ?? '', timestamp, 'GET', url, ''),
    },
  });
}

describe('POST /sandbox/bank/payments', () => {
  it('records a payment from a scanned QR payload (bill and amount from the QR)', async () => {
    const billNumber = nextBill();
    const res = await pay({ payload: qrOf(billNumber, 150000n) });
    expect(res.statusCode).toBe(201);
    expect(res.json().payment).toEqual({
      billNumber,
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
    expect(await findSandboxPayment(t.app.db, billNumber)).toBeNull();
  });

  it('accepts one payment per bill number: a second → 409', async () => {
    const billNumber = nextBill();
    expect((await pay({ billNumber, amount: '50000' })).statusCode).toBe(201);
    const again = await pay({ payload: qrOf(billNumber, 50000n) });
    expect([again.statusCode, again.json().code]).toEqual([409, 'REFERENCE_CONFLICT']);
  });

  it('sends the signed webhook in the background (the API acknowledges even an unknown bill)', async () => {
    const billNumber = nextBill();
    await pay({ billNumber, amount: '50000' });
    await waitFor(async () => (await findSandboxPayment(t.app.db, billNumber))?.webhookDeliveredAt != null);
  });

  it('retries a failed webhook attempt, and a lost one is never sent', async () => {
    const retried = nextBill();
    t.app.sandboxFaults.forceNext('bank', 'error', null);
    await pay({ billNumber: retried, amount: '50000' });
    await waitFor(async () => (await findSandboxPayment(t.app.db, retried))?.webhookDeliveredAt != null);
    const dropped = nextBill();
    t.app.sandboxFaults.forceNext('bank', 'lost');
    await pay({ billNumber: dropped, amount: '50000' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await findSandboxPayment(t.app.db, dropped))?.webhookDeliveredAt).toBeNull();
  });
});

describe('GET /sandbox/bank/payments/{billNumber} and the payment gateway', () => {
  it('answers the payment or null to a signed request, 401 unsigned', async () => {
    const billNumber = nextBill();
    const paid = (await pay({ billNumber, amount: '70000' })).json().payment;
    expect((await signedGet(`/payments/${billNumber}`)).json()).toEqual({ payment: paid });
    expect((await signedGet('/payments/NOPE')).json()).toEqual({ payment: null });
    const unsigned = await t.app.inject({ method: 'GET', url: `/sandbox/bank/payments/${billNumber}` });
    expect([unsigned.statusCode, unsigned.json().code]).toEqual([401, 'BAD_SIGNATURE']);
  });

  it('is what app.paymentGateway looks up; bank faults make it BankUnavailableError', async () => {
    const billNumber = nextBill();
    await pay({ billNumber, amount: '70000' });
    const found = await t.app.paymentGateway.findPaymentByBill(billNumber);
    expect(found).toMatchObject({ billNumber, amount: 70000n });
    expect(found?.paidAt).toEqual(new Date('2026-01-15T08:00:00.000Z'));
    expect(await t.app.paymentGateway.findPaymentByBill('UNPAID1')).toBeNull();
    t.app.sandboxFaults.forceNext('bank', 'error', 'error');
    await expect(t.app.paymentGateway.findPaymentByBill(billNumber)).rejects.toThrow(BankUnavailableError);
    // One error is retried by the client.
    t.app.sandboxFaults.forceNext('bank', 'error');
    await expect(t.app.paymentGateway.findPaymentByBill(billNumber)).resolves.toMatchObject({ billNumber });
  });
});
