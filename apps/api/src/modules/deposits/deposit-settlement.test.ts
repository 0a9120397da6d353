import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signWebhook, webhookHeaders } from '../../adapters/payments/payment-gateway';
import { bankWebhookSecretOf } from '../../adapters/payments/register-payment-gateway';
import { deposits } from '../../db/schema/deposits';
import { ledgerTransactions } from '../../db/schema/ledger';
import { sandboxProviderTransfers } from '../../db/schema/sandbox-providers';
import { createTestApp, type TestApp } from '../../test/app';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { creditDeposit } from './credit-deposit';
import {
  creditsOf,
  type DepositPlayer,
  depositAction,
  playerWithBankAccount,
  postDeposit,
  sandboxPay,
  waitFor,
} from './deposit-test-helpers';

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

const CREDIT = 15612n; // 100000 LAK ÷ 640.50, rounded down to the satang
const errorCode = (res: { json: () => { error: { code: string } } }) => res.json().error.code;

async function rowOf(code: string) {
  const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
  if (!row) throw new Error(`no deposit ${code}`);
  return row;
}

/** A player (member already created at gclub, so forced provider faults hit the transfer) and an OPEN deposit. */
async function openDeposit(amount = '100000'): Promise<{ p: DepositPlayer; code: string }> {
  const p = await playerWithBankAccount(t.app);
  const credit = await t.app.inject({
    method: 'GET',
    url: '/api/v2/players/credits/gclub',
    headers: { cookie: p.cookie },
  });
  expect(credit.statusCode).toBe(200);
  const res = await postDeposit(t.app, p, { amount });
  expect(res.statusCode).toBe(201);
  return { p, code: res.json().order.code };
}

/** Pays `code` at the sandbox bank with its webhook dropped, so only the test's own calls settle it. */
async function payQuietly(code: string, amount = '100000') {
  t.app.sandboxFaults.forceNext('bank', 'lost');
  const res = await sandboxPay(t.app, { billNumber: code, amount });
  expect(res.statusCode).toBe(201);
  return res.json().payment;
}

function postWebhook(body: unknown, signature?: string, headers: Record<string, string> = {}) {
  const raw = JSON.stringify(body);
  const signed = webhookHeaders(bankWebhookSecretOf(t.app) ?? '', raw, t.clock.now());
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/bank/webhook',
    headers: {
      'content-type': 'application/json',
      ...signed,
      ...(signature === undefined ? {} : { 'x-signature': signature }),
      ...headers,
    },
    payload: raw,
  });
}

async function creditPostings(code: string) {
  return t.app.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, `${code}:in`));
}

describe('paying and checking a deposit', () => {
  it('pay by scanning the QR payload, then check → SUCCESS with the credit at the provider and in the ledger', async () => {
    const { p, code } = await openDeposit();
    const qr = (await depositAction(t.app, p, code, 'laoqr')).json();
    t.app.sandboxFaults.forceNext('bank', 'lost');
    const paid = await sandboxPay(t.app, { payload: qr.payload });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().payment).toMatchObject({ billNumber: code, amount: '100000' });

    const res = await depositAction(t.app, p, code, 'check');
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ code, status: 'SUCCESS', credit: '156.12' });
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
    const postings = await creditPostings(code);
    expect(postings.map((tx) => [tx.kind, tx.playerId, tx.provider])).toEqual([
      ['DEPOSIT', p.player.id, 'gclub'],
    ]);
    const row = await rowOf(code);
    expect(row.bankReference).toBe(paid.json().payment.bankReference);
    expect(row.paidAt?.toISOString()).toBe(paid.json().payment.paidAt);
    expect(row.creditedAt).not.toBeNull();
  });

  it('pay by bill number and amount, then check → SUCCESS; a further check changes nothing', async () => {
    const { p, code } = await openDeposit();
    await payQuietly(code);
    expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('SUCCESS');
    const again = await depositAction(t.app, p, code, 'check');
    expect([again.statusCode, again.json().order.status]).toEqual([200, 'SUCCESS']);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
  });

  it('answers 409 DEPOSIT_NOT_PAID while the bank has no payment', async () => {
    const { p, code } = await openDeposit();
    const res = await depositAction(t.app, p, code, 'check');
    expect([res.statusCode, errorCode(res)]).toEqual([409, 'DEPOSIT_NOT_PAID']);
    expect(res.json().error.message).toMatch(/not been paid, please scan the QR/);
    expect((await rowOf(code)).status).toBe('OPEN');
  });

  it('answers 503 BANK_UNAVAILABLE when the bank cannot be asked, and leaves the deposit OPEN', async () => {
    const { p, code } = await openDeposit();
    t.app.sandboxFaults.forceNext('bank', 'error', 'error');
    const res = await depositAction(t.app, p, code, 'check');
    expect([res.statusCode, errorCode(res)]).toEqual([503, 'BANK_UNAVAILABLE']);
    expect((await rowOf(code)).status).toBe('OPEN');
  });

  it('leaves a payment of another amount PAID and flagged for staff, never credited', async () => {
    const { p, code } = await openDeposit();
    await payQuietly(code, '99999');
    const res = await depositAction(t.app, p, code, 'check');
    expect([res.statusCode, res.json().order.status]).toEqual([200, 'PAID']);
    expect(await rowOf(code)).toMatchObject({
      isAmountMismatch: true,
      paidAmount: 99999n,
      nextAttemptAt: null,
    });
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 0n, ledger: 0n });
    expect(await creditPostings(code)).toEqual([]);
  });
});

describe('the bank webhook', () => {
  it('settles a paid deposit on its own (the sandbox bank sends it after the payment)', async () => {
    const { p, code } = await openDeposit();
    expect((await sandboxPay(t.app, { billNumber: code, amount: '100000' })).statusCode).toBe(201);
    await waitFor(async () => (await rowOf(code)).status === 'SUCCESS');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
  });

  it('refuses a missing or wrong signature with 401 and moves nothing', async () => {
    const { p, code } = await openDeposit();
    const payment = await payQuietly(code);
    for (const signature of [
      '',
      'ab'.repeat(32),
      signWebhook('another-secret-0123456789', String(t.clock.now().getTime()), JSON.stringify(payment)),
    ]) {
      const res = await postWebhook(payment, signature);
      expect([res.statusCode, errorCode(res)]).toEqual([401, 'UNAUTHORIZED']);
    }
    // A body changed after signing fails too.
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v2/bank/webhook',
      headers: {
        'content-type': 'application/json',
        ...webhookHeaders(bankWebhookSecretOf(t.app) ?? '', JSON.stringify(payment), t.clock.now()),
      },
      payload: JSON.stringify({ ...payment, amount: '1' }),
    });
    expect(tampered.statusCode).toBe(401);
    // Finding 8 of issue #13: a validly signed webhook captured once cannot be replayed later (5-minute window),
    // nor sent without its signed time.
    const raw = JSON.stringify(payment);
    const secret = bankWebhookSecretOf(t.app) ?? '';
    const stale = webhookHeaders(secret, raw, new Date(t.clock.now().getTime() - 6 * 60_000));
    const early = webhookHeaders(secret, raw, new Date(t.clock.now().getTime() + 6 * 60_000));
    const { 'x-timestamp': _time, ...untimed } = webhookHeaders(secret, raw, t.clock.now());
    for (const headers of [stale, early, untimed]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/bank/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload: raw,
      });
      expect([res.statusCode, errorCode(res)]).toEqual([401, 'UNAUTHORIZED']);
    }
    // The same time re-signed by someone without the secret does not pass either.
    const forgedTime = { ...stale, 'x-timestamp': String(t.clock.now().getTime()) };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/bank/webhook',
      headers: { 'content-type': 'application/json', ...forgedTime },
      payload: raw,
    });
    expect(res.statusCode).toBe(401);
    expect((await rowOf(code)).status).toBe('OPEN');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 0n, ledger: 0n });
  });

  it('acknowledges an unknown bill with 200 and is exempt from the Origin check only because it is signed', async () => {
    const unknown = {
      billNumber: 'D2601159999ZZ',
      amount: '100000',
      paidAt: '2026-01-15T08:00:00.000Z',
      bankReference: 'X1',
    };
    const res = await postWebhook(unknown, undefined, { origin: 'https://bank.example' });
    expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v2/deposits',
      headers: { origin: 'https://bank.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect([other.statusCode, errorCode(other)]).toEqual([403, 'CSRF']);
  });

  it('acknowledges a payment for a cancelled deposit and leaves it cancelled, with nothing credited', async () => {
    const { p, code } = await openDeposit();
    expect((await depositAction(t.app, p, code, 'cancel')).json().order.status).toBe('CANCELED');
    const payment = {
      billNumber: code,
      amount: '100000',
      paidAt: t.clock.now().toISOString(),
      bankReference: `LATE${code}`,
    };
    const res = await postWebhook(payment);
    expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
    expect(await rowOf(code)).toMatchObject({ status: 'CANCELED', paidAt: null, creditLeaseUntil: null });
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 0n, ledger: 0n });
    expect(await creditPostings(code)).toEqual([]);
  });

  it('answers every one of 20 parallel checks with the credit this process runs: SUCCESS, credited once', async () => {
    const { p, code } = await openDeposit();
    await payQuietly(code);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => depositAction(t.app, p, code, 'check')),
    );
    expect(results.map((r) => [r.statusCode, r.json().order.status])).toEqual(
      Array(20).fill([200, 'SUCCESS']),
    );
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
    expect(await creditPostings(code)).toHaveLength(1);
    expect(await rowOf(code)).toMatchObject({ attempts: 0, creditLeaseUntil: null });
  });

  it('credits exactly once under 20 parallel checks and 20 webhook replays', async () => {
    const { p, code } = await openDeposit();
    const payment = await payQuietly(code);
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => depositAction(t.app, p, code, 'check')),
      ...Array.from({ length: 20 }, () => postWebhook(payment)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    for (const r of results.slice(0, 20)) expect(['PAID', 'SUCCESS']).toContain(r.json().order.status);
    await waitFor(async () => (await rowOf(code)).status === 'SUCCESS');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
    expect(await creditPostings(code)).toHaveLength(1);
    const transfers = await t.app.db
      .select()
      .from(sandboxProviderTransfers)
      .where(
        and(
          eq(sandboxProviderTransfers.reference, `${code}:in`),
          eq(sandboxProviderTransfers.provider, 'gclub'),
        ),
      );
    expect(transfers).toHaveLength(1);
    expect((await rowOf(code)).attempts).toBe(0);
  });
});

describe('provider failures while crediting', () => {
  it('a lost provider answer is resolved by reference: SUCCESS once', async () => {
    const { p, code } = await openDeposit();
    await payQuietly(code);
    t.app.sandboxFaults.forceNext('providers', 'lost');
    const res = await depositAction(t.app, p, code, 'check');
    expect(res.json().order.status).toBe('SUCCESS');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
  });

  it('a lost answer that cannot be looked up stays PAID, and the next check ends SUCCESS once', async () => {
    const { p, code } = await openDeposit();
    await payQuietly(code);
    // The transfer happens but its answer is lost, and all three look-ups by reference fail.
    t.app.sandboxFaults.forceNext('providers', 'lost', 'error', 'error', 'error');
    const first = await depositAction(t.app, p, code, 'check');
    expect([first.statusCode, first.json().order.status]).toEqual([200, 'PAID']);
    expect(await rowOf(code)).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/^unknown/) });
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: 0n });

    const second = await depositAction(t.app, p, code, 'check');
    expect(second.json().order.status).toBe('SUCCESS');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
    expect(await creditPostings(code)).toHaveLength(1);
  });

  it('a provider error leaves it PAID with attempts 1 and a retry time; the next check credits it', async () => {
    const { p, code } = await openDeposit();
    await payQuietly(code);
    t.app.sandboxFaults.forceNext('providers', 'error');
    const first = await depositAction(t.app, p, code, 'check');
    expect([first.statusCode, first.json().order.status]).toEqual([200, 'PAID']);
    const row = await rowOf(code);
    expect(row).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/^rejected/) });
    // The first retry comes within seconds: a one-off fault must not keep the player waiting.
    expect(row.nextAttemptAt?.getTime()).toBe(t.clock.now().getTime() + 1_000);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 0n, ledger: 0n });
    expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('SUCCESS');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
  });

  /** A PAID deposit whose first credit failed, now claimed (as creditDeposit's claim does) by another process. */
  async function depositLeasedElsewhere() {
    const { p, code } = await openDeposit();
    await payQuietly(code);
    t.app.sandboxFaults.forceNext('providers', 'error');
    expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('PAID');
    const leaseUntil = new Date(t.clock.now().getTime() + 60_000);
    await t.app.db.update(deposits).set({ creditLeaseUntil: leaseUntil }).where(eq(deposits.code, code));
    return { p, code, leaseUntil };
  }

  it('a check while another process holds the credit lease answers PAID and leaves it; after the lease, credited once', async () => {
    const { p, code, leaseUntil } = await depositLeasedElsewhere();
    const during = await depositAction(t.app, p, code, 'check');
    expect([during.statusCode, during.json().order.status]).toEqual([200, 'PAID']);
    expect(await rowOf(code)).toMatchObject({ attempts: 1, creditLeaseUntil: leaseUntil });
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 0n, ledger: 0n });
    // That process died mid-credit: once its lease has run out, a check credits the deposit, once.
    t.clock.advance(60_001);
    expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('SUCCESS');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
    expect(await creditPostings(code)).toHaveLength(1);
  });

  it('a check while another process credits the deposit waits for that credit and answers SUCCESS', async () => {
    // Another process's credit: this process's check cannot join it, only hear of it.
    const { p, code } = await depositLeasedElsewhere();
    const listening = vi.spyOn(t.app.orderEvents, 'subscribePlayer');
    const during = depositAction(t.app, p, code, 'check');
    // Once the check listens for the order's events, that process's credit ends: its lease given up (as
    // creditClaimedDeposit does on the way out) and the deposit credited, once.
    await waitFor(async () => listening.mock.calls.some(([playerId]) => playerId === p.player.id));
    const listened = performance.now();
    listening.mockRestore();
    await t.app.db.update(deposits).set({ creditLeaseUntil: null }).where(eq(deposits.code, code));
    expect((await creditDeposit(t.app, code))?.status).toBe('SUCCESS');
    const answer = await during;
    expect([answer.statusCode, answer.json().order.status]).toEqual([200, 'SUCCESS']);
    // Answered on the order's event, not at the end of the check's 2 s wait.
    expect(performance.now() - listened).toBeLessThan(1_500);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
    expect(await creditPostings(code)).toHaveLength(1);
  });

  it('two checks waiting for a credit in another process ignore late OPEN and PAID events of the order and both answer SUCCESS', async () => {
    const { p, code } = await depositLeasedElsewhere();
    const listening = vi.spyOn(t.app.orderEvents, 'subscribePlayer');
    const answers = Promise.all([
      depositAction(t.app, p, code, 'check'),
      depositAction(t.app, p, code, 'check'),
    ]);
    let isAnswered = false;
    void answers.then(() => {
      isAnswered = true;
    });
    await waitFor(
      async () => listening.mock.calls.filter(([playerId]) => playerId === p.player.id).length === 2,
    );
    listening.mockRestore();
    // The relay delivers an order's events up to a tenth of a second after their commit: the OPEN and PAID
    // of this order may come now, and must not end the wait (the row read then would still say PAID).
    const event = { kind: 'deposit' as const, agencyId, playerId: p.player.id, code };
    t.app.orderEvents.publish({ ...event, status: 'OPEN' });
    t.app.orderEvents.publish({ ...event, status: 'PAID' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isAnswered).toBe(false);
    await t.app.db.update(deposits).set({ creditLeaseUntil: null }).where(eq(deposits.code, code));
    expect((await creditDeposit(t.app, code))?.status).toBe('SUCCESS');
    const settled = await answers;
    expect(settled.map((res) => [res.statusCode, res.json().order.status])).toEqual([
      [200, 'SUCCESS'],
      [200, 'SUCCESS'],
    ]);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
    expect(await creditPostings(code)).toHaveLength(1);
  });

  it('becomes FAILED at the 10th failed attempt and is answered as FAILED afterwards', async () => {
    const { p, code } = await openDeposit();
    await payQuietly(code);
    await t.app.db.update(deposits).set({ attempts: 9 }).where(eq(deposits.code, code));
    t.app.sandboxFaults.forceNext('providers', 'error');
    const res = await depositAction(t.app, p, code, 'check');
    expect([res.statusCode, res.json().order.status]).toEqual([200, 'FAILED']);
    expect(await rowOf(code)).toMatchObject({ attempts: 10, nextAttemptAt: null });
    expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('FAILED');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 0n, ledger: 0n });
  });
});

describe('POST /api/v2/deposits/{code}/cancel', () => {
  it('cancels an unpaid deposit (again: the same answer); check then answers 409 ORDER_NOT_OPEN', async () => {
    const { p, code } = await openDeposit();
    const res = await depositAction(t.app, p, code, 'cancel');
    expect([res.statusCode, res.json().order.status]).toEqual([200, 'CANCELED']);
    expect((await depositAction(t.app, p, code, 'cancel')).json().order.status).toBe('CANCELED');
    const check = await depositAction(t.app, p, code, 'check');
    expect([check.statusCode, errorCode(check)]).toEqual([409, 'ORDER_NOT_OPEN']);
    // The player may open a new deposit now.
    expect((await postDeposit(t.app, p)).statusCode).toBe(201);
  });

  it('refuses once the bank has the payment (409 DEPOSIT_ALREADY_PAID) and credits it instead', async () => {
    const { p, code } = await openDeposit();
    await payQuietly(code);
    const res = await depositAction(t.app, p, code, 'cancel');
    expect([res.statusCode, errorCode(res)]).toEqual([409, 'DEPOSIT_ALREADY_PAID']);
    expect((await rowOf(code)).status).toBe('SUCCESS');
    const again = await depositAction(t.app, p, code, 'cancel');
    expect([again.statusCode, errorCode(again)]).toEqual([409, 'DEPOSIT_ALREADY_PAID']);
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: CREDIT, ledger: CREDIT });
  });

  it('answers 503 BANK_UNAVAILABLE (and cancels nothing) when the bank cannot be asked', async () => {
    const { p, code } = await openDeposit();
    t.app.sandboxFaults.forceNext('bank', 'error', 'error');
    const res = await depositAction(t.app, p, code, 'cancel');
    expect([res.statusCode, errorCode(res)]).toEqual([503, 'BANK_UNAVAILABLE']);
    expect((await rowOf(code)).status).toBe('OPEN');
  });
});
