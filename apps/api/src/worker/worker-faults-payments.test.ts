import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { bankPayments } from '../db/schema/bank-payments';
import { deposits } from '../db/schema/deposits';
import { ledgerEntries, ledgerTransactions } from '../db/schema/ledger';
import { sandboxBankPayments } from '../db/schema/sandbox-bank';
import {
  type DepositPlayer,
  depositAction,
  playerWithBankAccount,
  postDeposit,
  sandboxPay,
} from '../modules/deposits/deposit-test-helpers';
import { runReconciliationNow } from '../modules/reconciliation/reconciliation-test-helpers';
import { opsHeaders } from '../modules/withdrawals/withdrawal-test-helpers';
import { parseFaults } from '../sandbox/faults';
import { createTestApp, type TestApp } from '../test/app';
import { isIdleTick, runWorkerTick } from './run-worker-tick';

// Issue #12, acceptance 2: under injected faults, deposits cancelled, expired, underpaid, paid twice and paid
// late; after the ops actions a careful operator takes, every payment the bank holds is MATCHED, CREDITED or
// REFUNDED exactly once, reconciliation shows 0 and every currency of the ledger sums to 0.
const FAULTS = 'providers:error=0.1,timeout=0.05,lost=0.05;bank:error=0.1,lost=0.1';
const PER_CASE = 4;
const CASES = ['cancelled', 'expired', 'underpaid', 'paidTwice', 'paid'] as const;
type Case = (typeof CASES)[number];

let t: TestApp;
let app: App;
beforeAll(async () => {
  // 1 s, not 300 ms: every check asks the bank and so does every webhook (it verifies the payment there); on a
  // busy 2-core machine, as CI may be, loopback calls into this same process took over 300 ms, every look-up
  // timed out and the test measured the machine's load instead of the money rules.
  t = await createTestApp({ PROVIDER_TIMEOUT_MS: '1000' }, { listen: true });
  app = t.app;
  app.sandboxFaults.timeoutDelayMs = 1100;
});
afterAll(async () => {
  t?.app.server.closeAllConnections();
  await t?.close();
});

/** Retries a call that may meet an injected fault (503) until it answers something else. */
async function persist<T extends { statusCode: number }>(call: () => Promise<T>): Promise<T> {
  for (let i = 0; i < 30; i++) {
    const res = await call();
    if (res.statusCode !== 503) return res;
  }
  throw new Error('still 503 after 30 tries');
}

/** Worker ticks, moving the clock `stepMs` each time, until a tick finds nothing and nothing waits for it. */
async function tickUntilIdle(stepMs: number): Promise<void> {
  for (let ticks = 1; ticks <= 80; ticks++) {
    t.clock.advance(stepMs);
    const report = await runWorkerTick(app);
    const [waiting] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(deposits)
      .where(
        sql`(${deposits.status} = 'PAID' AND NOT ${deposits.isAmountMismatch})
          OR (${deposits.status} = 'OPEN' AND ${deposits.expiresAt} <= ${t.clock.now().toISOString()}::timestamptz)`,
      );
    if (isIdleTick(report) && waiting?.n === 0) return;
  }
  throw new Error('the worker did not finish');
}

const pay = (billNumber: string, amount: string) =>
  persist(() => sandboxPay(app, { billNumber, amount })).then((res) => expect(res.statusCode).toBe(201));

/** The player checks until the bank has answered (a closed order answers 409 unless a late payment was found). */
const checkUntilAnswered = (p: DepositPlayer, code: string) =>
  persist(() => depositAction(app, p, code, 'check'));

const ops = (url: string, payload: Record<string, unknown>) =>
  persist(() => app.inject({ method: 'POST', url, headers: opsHeaders(app), payload }));

describe('money off the happy path under faults', () => {
  it('every payment the bank holds ends MATCHED, CREDITED or REFUNDED once; reconciliation 0; ledger sums 0', async () => {
    const orders: { p: DepositPlayer; code: string; kind: Case }[] = [];
    for (const kind of CASES) {
      for (let i = 0; i < PER_CASE; i++) {
        const p = await playerWithBankAccount(app);
        const created = await postDeposit(app, p);
        expect(created.statusCode).toBe(201);
        orders.push({ p, code: created.json().order.code, kind });
      }
    }
    app.sandboxFaults.reset(parseFaults(FAULTS));
    const of = (kind: Case) => orders.filter((o) => o.kind === kind);

    // Cancelled by the player, then paid anyway.
    for (const o of of('cancelled')) {
      const res = await persist(() => depositAction(app, o.p, o.code, 'cancel'));
      expect(res.json().order?.status).toBe('CANCELED');
    }
    // The others paid as they should, underpaid, or twice.
    await Promise.all([
      ...of('paid').map((o) => pay(o.code, '100000')),
      ...of('underpaid').map((o) => pay(o.code, '60000')),
      ...of('paidTwice').map(async (o) => {
        await pay(o.code, '100000');
        await pay(o.code, '100000');
      }),
    ]);
    // Expired at minute 15 by the worker (the bank had nothing for them then), then paid.
    t.clock.advance(16 * 60_000);
    await tickUntilIdle(30_000);
    for (const o of of('expired')) {
      const [row] = await app.db.select().from(deposits).where(eq(deposits.code, o.code));
      expect(row?.status).toBe('CANCELED');
    }
    await Promise.all([...of('cancelled'), ...of('expired')].map((o) => pay(o.code, '100000')));

    // Players check their orders (webhooks may have been lost), and the worker finishes what it can.
    await Promise.all(orders.map((o) => checkUntilAnswered(o.p, o.code)));
    await tickUntilIdle(60_000);

    // Staff work through the unmatched queue: confirm underpaid orders with their payment, credit late and
    // duplicate payments (half of the late ones are refunded instead).
    const unmatched = await app.db.select().from(bankPayments).where(eq(bankPayments.status, 'UNMATCHED'));
    const byDeposit = new Map((await app.db.select().from(deposits)).map((d) => [d.id, d]));
    let refunds = 0;
    for (const payment of unmatched) {
      const order = byDeposit.get(payment.depositId ?? '');
      expect(order, `payment ${payment.bankReference} names an order`).toBeDefined();
      if (payment.reason === 'AMOUNT_MISMATCH') {
        const res = await ops(`/api/ops/v1/deposits/${order?.code}/confirm`, { paymentId: payment.id });
        expect([200, 202]).toContain(res.statusCode);
      } else if (payment.reason === 'LATE' && refunds++ % 2 === 0) {
        const res = await ops(`/api/ops/v1/bank-payments/${payment.id}/refund`, {
          bankReference: `RF-${payment.id}`,
        });
        expect(res.statusCode).toBe(200);
      } else {
        expect(['LATE', 'DUPLICATE']).toContain(payment.reason);
        const res = await ops(`/api/ops/v1/bank-payments/${payment.id}/credit`, { provider: 'gclub' });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    await tickUntilIdle(60_000);
    app.sandboxFaults.reset();

    // Every payment the bank holds is kept once, and resolved.
    const atBank = await app.db.select().from(sandboxBankPayments);
    const kept = await app.db.select().from(bankPayments);
    expect(kept.map((k) => k.bankReference).sort()).toEqual(atBank.map((b) => b.bankReference).sort());
    expect(atBank).toHaveLength(PER_CASE * (CASES.length + 1));
    for (const k of kept) expect(['MATCHED', 'CREDITED', 'REFUNDED']).toContain(k.status);
    const counts = (status: string) => kept.filter((k) => k.status === status).length;
    expect(counts('REFUNDED')).toBe(PER_CASE);
    // Each payment that put money in credited exactly one deposit, and each such deposit was booked once.
    const creditedCodes = kept
      .filter((k) => k.status !== 'REFUNDED')
      .map((k) => byDepositId(k.creditedDepositId ?? k.depositId));
    const codes = await Promise.all(creditedCodes);
    expect(new Set(codes).size).toBe(codes.length);
    const postings = await app.db
      .select({ reference: ledgerTransactions.reference })
      .from(ledgerTransactions)
      .where(
        inArray(
          ledgerTransactions.reference,
          codes.map((c) => `${c}:in`),
        ),
      );
    expect(postings.map((x) => x.reference).sort()).toEqual(codes.map((c) => `${c}:in`).sort());

    const reconciliation = await runReconciliationNow(app, 'FULL');
    expect(reconciliation.summary).toMatchObject({ differences: 0, unavailable: 0 });

    // Every currency of the ledger sums to zero.
    const sums = await app.db
      .select({ currency: ledgerEntries.currency, total: sql<string>`sum(${ledgerEntries.amount})::text` })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.currency);
    for (const sum of sums) expect(sum.total, sum.currency).toBe('0');
  }, 180_000);
});

async function byDepositId(id: string | null): Promise<string> {
  const [row] = await app.db
    .select({ code: deposits.code })
    .from(deposits)
    .where(eq(deposits.id, id ?? ''));
  if (!row) throw new Error(`no deposit ${id}`);
  return row.code;
}
