import { ORDER_STATUSES } from '@lc/shared/contracts/orders';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { deposits } from '../db/schema/deposits';
import { ledgerTransactions } from '../db/schema/ledger';
import { withdrawals } from '../db/schema/withdrawals';
import {
  type DepositPlayer,
  depositAction,
  playerWithBankAccount,
  postDeposit,
  sandboxPay,
} from '../modules/deposits/deposit-test-helpers';
import { runReconciliationNow } from '../modules/reconciliation/reconciliation-test-helpers';
import { RESEND_AFTER_MS } from '../modules/withdrawals/resolve-withdrawal';
import { opsAction } from '../modules/withdrawals/withdrawal-test-helpers';
import { parseFaults } from '../sandbox/faults';
import { createTestApp, loginTestPlayer, type TestApp } from '../test/app';
import { isIdleTick, runWorkerTick } from './run-worker-tick';

// The fault run (docs/testing.md): with SANDBOX_FAULTS on the providers and the bank, a few hundred deposits and withdrawals
// end with the ledger equal to the providers and nothing stuck, credited twice or lost — the worker finishing
// whatever the requests could not.
const PLAYERS = 30;
const ROUNDS = 10;
const FAULTS = 'providers:error=0.1,timeout=0.05,lost=0.05;bank:error=0.1';

/** How one run reaches gclub, the provider every order of the scenario goes to. */
export type FaultRun = {
  /** Named in the test's title: the protocol gclub speaks. */
  name: string;
  /** Settings of the app (e.g. SANDBOX_FUNDTRANSFER_PROVIDERS: the demo's gclub on the aggregator protocol). */
  env: Record<string, string>;
  /** Deposit credits at the provider: distinct references and rows (each deposit exactly once, nothing more). */
  depositsAtProvider: (app: App) => Promise<{ n: number; all: number } | undefined>;
};

/** The faults scenario (worker-faults.test.ts), once per protocol. */
export function describeWorkerUnderFaults(run: FaultRun): void {
  let t: TestApp;
  let app: App;
  beforeAll(async () => {
    // 1 s, not 300 ms: every check asks the bank and so does every webhook (it verifies the payment there); on a
    // busy 2-core machine, as CI may be, loopback calls into this same process took over 300 ms, every look-up
    // timed out and the test measured the machine's load instead of the money rules.
    t = await createTestApp({ PROVIDER_TIMEOUT_MS: '1000', ...run.env }, { listen: true });
    app = t.app;
    // A `timeout` fault stalls just past the client's timeout, so the test does not wait seconds for each.
    app.sandboxFaults.timeoutDelayMs = 1100;
  });
  afterAll(async () => {
    // Connections cut by `timeout`/`lost` faults can keep the HTTP server from closing for a minute
    // (Node waits for its headers timeout); nothing is in flight any more, so end them at once.
    t?.app.server.closeAllConnections();
    await t?.close();
  });

  /** Worker ticks, moving the clock `stepMs` each time, until a tick finds nothing and `isDone` holds. */
  async function tickUntilIdle(stepMs: number, isDone: () => Promise<boolean>): Promise<number> {
    for (let ticks = 1; ticks <= 60; ticks++) {
      t.clock.advance(stepMs);
      const report = await runWorkerTick(app);
      if (isIdleTick(report) && (await isDone())) return ticks;
    }
    throw new Error('the worker did not finish');
  }

  async function countOf(table: typeof deposits | typeof withdrawals, statuses: string[]): Promise<number> {
    const [row] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(
        sql`${table.status} IN (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      );
    return row?.n ?? 0;
  }

  /** One deposit of a player: created, paid at the bank, checked until it left OPEN (errors tolerated). */
  async function depositOnce(p: DepositPlayer): Promise<void> {
    const created = await postDeposit(app, p);
    expect(created.statusCode).toBe(201);
    const code = created.json().order.code as string;
    expect((await sandboxPay(app, { billNumber: code, amount: '100000' })).statusCode).toBe(201);
    for (let i = 0; i < 20; i++) {
      // A 503 (bank or provider down) is fine: the webhook or the worker will finish it.
      const check = await depositAction(app, p, code, 'check');
      if (check.statusCode === 200 && check.json().order.status !== 'OPEN') return;
      const [row] = await app.db.select().from(deposits).where(eq(deposits.code, code));
      if (row?.status !== 'OPEN') return;
    }
    throw new Error(`deposit ${code} stayed OPEN`);
  }

  /**
   * One withdrawal of 50.00: a refusal of the money rules (409) or a provider down (503) is part of the run;
   * anything else (a session gone, a 500) fails the test with its answer.
   */
  async function withdrawOnce(p: DepositPlayer): Promise<string | null> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/withdrawals',
      headers: { cookie: p.cookie, host: p.host },
      payload: { provider: 'gclub', bankAccountId: p.bankAccountId, credit: '50.00' },
    });
    if (res.statusCode < 300) return res.json().order.code as string;
    if (res.statusCode === 409 || res.statusCode === 503) return null;
    throw new Error(`withdrawal: ${res.statusCode} ${res.body}`);
  }

  /**
   * The players come back to withdraw: the worker's ticks moved the clock by its backoffs, as many minutes as
   * the faults (and a busy machine's timeouts) called for, past the 30-minute idle limit of the sessions of
   * the last round on a loaded CI machine; so each round starts with a fresh sign-in, as a player's would.
   */
  async function signInAgain(players: DepositPlayer[]): Promise<void> {
    for (const p of players) p.cookie = await loginTestPlayer(app, p.username, p.password, { host: p.host });
  }

  describe(`worker under faults (${run.name})`, () => {
    it(`${PLAYERS * ROUNDS} deposits and ${PLAYERS * ROUNDS} withdrawals end reconciled, nothing stuck or doubled`, async () => {
      const players: DepositPlayer[] = [];
      for (let i = 0; i < PLAYERS; i += 10) {
        players.push(...(await Promise.all(Array.from({ length: 10 }, () => playerWithBankAccount(app)))));
      }
      app.sandboxFaults.reset(parseFaults(FAULTS));

      // Deposits: every player in parallel, each one order after another (one OPEN order at a time).
      await Promise.all(
        players.map(async (p) => {
          for (let i = 0; i < ROUNDS; i++) await depositOnce(p);
        }),
      );
      // What the requests left PAID (the provider failed) the worker credits after its backoffs.
      await tickUntilIdle(2 * 60_000, async () => (await countOf(deposits, ['OPEN', 'PAID'])) === 0);
      expect(await countOf(deposits, ['SUCCESS'])).toBe(PLAYERS * ROUNDS);

      // Withdrawals in rounds: one each, then ops approve two in three and reject the rest; the worker
      // resolves lost transfer answers (out, and back after a reject) in between.
      const isResolved = async () => (await countOf(withdrawals, ['PENDING', 'RETURNING'])) === 0;
      for (let round = 0; round < ROUNDS; round++) {
        await signInAgain(players);
        const codes = (await Promise.all(players.map(withdrawOnce))).filter((c): c is string => c !== null);
        await tickUntilIdle(RESEND_AFTER_MS + 1000, isResolved);
        await Promise.all(
          codes.map((code, i) =>
            i % 3 === 2
              ? opsAction(app, code, 'reject')
              : opsAction(app, code, 'approve', { bankReference: code }),
          ),
        );
        await tickUntilIdle(RESEND_AFTER_MS + 1000, isResolved);
        // Anything ops could not finish (a transfer back still unknown, then resolved) is approved or left
        // REJECTED; an order ops could not reach yet (PENDING at the time) is decided now.
        const open = await app.db
          .select({ code: withdrawals.code })
          .from(withdrawals)
          .where(eq(withdrawals.status, 'OPEN'));
        await Promise.all(open.map((o) => opsAction(app, o.code, 'approve', { bankReference: o.code })));
        await tickUntilIdle(RESEND_AFTER_MS + 1000, isResolved);
      }

      app.sandboxFaults.reset();
      const report = await runReconciliationNow(app, 'FULL');
      expect(report.summary).toMatchObject({ accounts: PLAYERS, differences: 0, unavailable: 0 });
      for (const row of report.rows) expect(row.providerBalance).toBe(row.ledger);

      // Only the six public statuses remain: no internal PENDING / RETURNING, nothing OPEN or PAID left over.
      const statuses = [...ORDER_STATUSES] as string[];
      for (const table of [deposits, withdrawals]) {
        const rows = await app.db.select({ status: table.status }).from(table);
        for (const { status } of rows) expect(statuses).toContain(status);
      }
      expect(await countOf(withdrawals, ['OPEN'])).toBe(0);
      const [made] = await app.db.select({ n: sql<number>`count(*)::int` }).from(withdrawals);
      expect(made?.n).toBeGreaterThan(PLAYERS * ROUNDS * 0.6);

      // Each deposit credited exactly once: one provider transfer and one ledger DEPOSIT per code.
      const perCode = (column: typeof ledgerTransactions.reference) =>
        sql<number>`count(distinct ${column})::int`;
      const [ledger] = await app.db
        .select({ n: perCode(ledgerTransactions.reference), all: sql<number>`count(*)::int` })
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.kind, 'DEPOSIT'), like(ledgerTransactions.reference, 'D%:in')));
      expect(ledger).toEqual({ n: PLAYERS * ROUNDS, all: PLAYERS * ROUNDS });
      expect(await run.depositsAtProvider(app)).toEqual({ n: PLAYERS * ROUNDS, all: PLAYERS * ROUNDS });
    }, 180_000);
  });
}
