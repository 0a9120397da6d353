import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit';
import { deposits } from '../db/schema/deposits';
import { opsCredits } from '../db/schema/ops-credits';
import { withdrawals } from '../db/schema/withdrawals';
import {
  creditsOf,
  type DepositPlayer,
  depositAction,
  playerWithBankAccount,
  postDeposit,
  sandboxPay,
} from '../modules/deposits/deposit-test-helpers';
import { demoAgencyId } from '../modules/ledger/ledger-test-helpers';
import { RESEND_AFTER_MS } from '../modules/withdrawals/resolve-withdrawal';
import { bookTestAdjustment, fund, withdraw } from '../modules/withdrawals/withdrawal-test-helpers';
import { createTestApp, type TestApp } from '../test/app';
import { runReconciliation } from './run-reconciliation';
import { isIdleTick, runWorkerTick } from './run-worker-tick';

// The worker's ticks, driven by hand with the test clock (WORKER=false in test apps: no timer runs).
let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  // A short provider timeout keeps the `timeout` faults below quick; 300 ms was too short for the answers that
  // are not faults on a loaded machine (two ticks' credits failed as time-outs, a concurrency test then saw
  // errors where none were injected), so 1 s as in worker-faults.test.ts.
  t = await createTestApp({ PROVIDER_TIMEOUT_MS: '1000' }, { listen: true });
  agencyId = await demoAgencyId(t.app.db);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  t.app.sandboxFaults.reset();
  // Each test starts from a quiet state: whatever earlier tests left due is finished first.
  t.clock.advance(24 * 60 * 60_000);
  for (let i = 0; i < 5 && !isIdleTick(await runWorkerTick(t.app)); i++);
});

async function statusOf(code: string) {
  const [row] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
  return row?.status;
}

async function openDeposit(p?: DepositPlayer) {
  const player = p ?? (await playerWithBankAccount(t.app));
  const res = await postDeposit(t.app, player);
  expect(res.statusCode).toBe(201);
  return { p: player, code: res.json().order.code as string };
}

/** Pays at the sandbox bank with the webhook dropped: only a check, a look-up or the worker can learn it. */
async function payWithoutWebhook(code: string) {
  t.app.sandboxFaults.forceNext('bank', 'lost');
  expect((await sandboxPay(t.app, { billNumber: code, amount: '100000' })).statusCode).toBe(201);
}

describe('worker: deposit expiry', () => {
  it('cancels an unpaid deposit 16 minutes on, but settles one the bank has been paid for', async () => {
    const unpaid = await openDeposit();
    const paid = await openDeposit();
    await payWithoutWebhook(paid.code);
    // Nobody checked, no webhook arrived: still OPEN as far as the platform knows.
    expect(await statusOf(paid.code)).toBe('OPEN');

    t.clock.advance(16 * 60_000);
    const report = await runWorkerTick(t.app);

    expect(report.deposits).toEqual(expect.arrayContaining([unpaid.code, paid.code]));
    expect(await statusOf(unpaid.code)).toBe('CANCELED');
    expect(await statusOf(paid.code)).toBe('SUCCESS');
    expect(await creditsOf(t.app, agencyId, paid.p.player.id)).toEqual({ provider: 15612n, ledger: 15612n });
    // The player sees the outcome: the cancelled order is closed.
    expect((await depositAction(t.app, unpaid.p, unpaid.code, 'check')).json().error.code).toBe(
      'ORDER_NOT_OPEN',
    );
  });

  it('does not cancel before 15 minutes', async () => {
    const { code } = await openDeposit();
    t.clock.advance(14 * 60_000);
    await runWorkerTick(t.app);
    expect(await statusOf(code)).toBe('OPEN');
  });
});

describe('worker: OPEN deposits whose webhook was lost', () => {
  it('looks up OPEN deposits older than 30 s at the bank and settles the paid ones', async () => {
    const lost = await openDeposit();
    const unpaid = await openDeposit();
    await payWithoutWebhook(lost.code);
    t.clock.advance(20_000);
    const young = await openDeposit();
    await payWithoutWebhook(young.code);

    t.clock.advance(11_000);
    const report = await runWorkerTick(t.app);
    expect(report.lookUps).toEqual(expect.arrayContaining([lost.code, unpaid.code]));
    expect(report.lookUps).not.toContain(young.code);
    expect(await statusOf(lost.code)).toBe('SUCCESS');
    expect(await statusOf(unpaid.code)).toBe('OPEN');
    expect(await statusOf(young.code)).toBe('OPEN');

    // The unpaid one is not asked about again at once; 30 s later it is, along with the now older one.
    expect((await runWorkerTick(t.app)).lookUps).not.toContain(unpaid.code);
    t.clock.advance(30_000);
    const later = await runWorkerTick(t.app);
    expect(later.lookUps).toEqual(expect.arrayContaining([unpaid.code, young.code]));
    expect(await statusOf(young.code)).toBe('SUCCESS');
  });
});

describe('worker: several workers at once', () => {
  it('two concurrent ticks never take the same deposit (FOR UPDATE SKIP LOCKED) and credit each once', async () => {
    const orders = await Promise.all(Array.from({ length: 12 }, () => openDeposit()));
    const paid = orders.filter((_, i) => i % 2 === 0);
    for (const o of paid) await payWithoutWebhook(o.code);
    t.clock.advance(16 * 60_000);

    const [a, b] = await Promise.all([runWorkerTick(t.app), runWorkerTick(t.app)]);
    const handled = [...a.deposits, ...b.deposits];
    const codes = orders.map((o) => o.code);
    expect(handled.filter((c) => codes.includes(c)).sort()).toEqual([...codes].sort());
    expect(new Set(handled).size).toBe(handled.length);
    expect(a.errors + b.errors).toBe(0);

    for (const o of orders) {
      const isPaid = paid.includes(o);
      expect(await statusOf(o.code)).toBe(isPaid ? 'SUCCESS' : 'CANCELED');
      if (isPaid) {
        const credits = await creditsOf(t.app, agencyId, o.p.player.id);
        expect(credits).toEqual({ provider: 15612n, ledger: 15612n });
      }
    }
  });

  it('two concurrent ticks resolve a PENDING withdrawal once', async () => {
    const p = await playerWithBankAccount(t.app);
    await fund(t.app, p, 'gclub', '500.00');
    // The balance read passes; the transfer out fails and so do all its look-ups: outcome unknown.
    const unanswered = Array.from({ length: 9 }, () => 'error' as const);
    t.app.sandboxFaults.forceNext('providers', null, 'error', ...unanswered);
    const res = await withdraw(t.app, p, { credit: '100.00' });
    const code = res.json().order.code as string;
    const [pending] = await t.app.db.select().from(withdrawals).where(eq(withdrawals.code, code));
    expect(pending?.status).toBe('PENDING');

    t.clock.advance(RESEND_AFTER_MS + 1000);
    const [a, b] = await Promise.all([runWorkerTick(t.app), runWorkerTick(t.app)]);
    expect([...a.withdrawals, ...b.withdrawals].filter((c) => c === code)).toHaveLength(1);
    const [row] = await t.app.db.select().from(withdrawals).where(eq(withdrawals.code, code));
    expect(row?.status).toBe('OPEN');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 40000n, ledger: 40000n });
  });
});

describe('worker: retries and other unfinished money', () => {
  it('retries a PAID deposit after its backoff until it is credited', async () => {
    const { p, code } = await openDeposit();
    await payWithoutWebhook(code);
    await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/credits/gclub',
      headers: { cookie: p.cookie },
    });
    t.app.sandboxFaults.forceNext('providers', 'error');
    expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('PAID');

    // Not due before its backoff (30 s after the first failure).
    expect((await runWorkerTick(t.app)).deposits).not.toContain(code);
    t.clock.advance(31_000);
    expect((await runWorkerTick(t.app)).deposits).toContain(code);
    expect(await statusOf(code)).toBe('SUCCESS');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 15612n, ledger: 15612n });
  });

  it('resumes an ops credit left PENDING by a lost answer', async () => {
    const p = await playerWithBankAccount(t.app);
    await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/credits/gclub',
      headers: { cookie: p.cookie },
    });
    t.app.sandboxFaults.forceNext('providers', 'timeout');
    expect((await bookTestAdjustment(t.app, p, 'gclub', '25.00')).status).toBe('PENDING');
    const [pending] = await t.app.db.select().from(opsCredits).where(eq(opsCredits.playerId, p.player.id));
    expect(pending?.status).toBe('PENDING');

    // The operator's own request may still be running: left alone for a minute.
    expect((await runWorkerTick(t.app)).opsCredits).toEqual([]);
    t.clock.advance(61_000);
    expect((await runWorkerTick(t.app)).opsCredits).toEqual([pending?.reference]);
    const [done] = await t.app.db.select().from(opsCredits).where(eq(opsCredits.playerId, p.player.id));
    expect(done?.status).toBe('APPLIED');
    expect(await creditsOf(t.app, agencyId, p.player.id)).toEqual({ provider: 2500n, ledger: 2500n });
    // The worker's audit entry belongs to the credit's agency, so the agency's audit list shows it.
    const audited = await t.app.db
      .select({ agencyId: auditLog.agencyId, outcome: auditLog.outcome })
      .from(auditLog)
      .where(and(eq(auditLog.actor, 'worker'), eq(auditLog.target, `player:${p.player.id}`)));
    expect(audited).toEqual([{ agencyId, outcome: 'OK' }]);
  });

  it("audits the periodic reconciliation as the worker's, in the agency's audit list", async () => {
    const results = await runReconciliation(t.app);
    expect(results?.map((result) => result.report?.summary.differences)).toEqual([0]);
    const audited = await t.app.db
      .select({ agencyId: auditLog.agencyId, staffId: auditLog.staffId, ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.actor, 'worker'), eq(auditLog.action, 'reconciliation.run')));
    expect(audited).toEqual([{ agencyId, staffId: null, ip: null }]);
  });
});
