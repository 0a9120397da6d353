import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/rows-of';
import { PAYMENT_CLOCK_SKEW_MS } from '../bank-payments/classify-payment';
import type { Metrics } from './create-metrics';

// The gauges read from the database at each scrape. Every statement is an index range scan over the rows still
// in progress (decision 0035): the counts of settled orders grow without end and are left to the counters.
// Ages are measured on the app's clock, as the worker's own decisions are.

/** Deposit states still moving (OPEN, PAID) or waiting for staff (FAILED): deposits_due_idx (status, …). */
const DEPOSIT_STATUSES = ['OPEN', 'PAID', 'FAILED'] as const;
/** Withdrawal states not settled yet: withdrawals_agency_status_idx (agency_id, status, …) per agency. */
const WITHDRAWAL_STATUSES = ['PENDING', 'OPEN', 'RETURNING', 'BOUNCED', 'BOUNCE_RETURNING'] as const;
/** What the worker's withdrawal step resolves (worker/withdrawal-step.ts). */
const WITHDRAWAL_STEP_STATUSES = new Set(['PENDING', 'RETURNING', 'BOUNCE_RETURNING']);
const STEPS = [
  'credit-deposits',
  'expire-deposits',
  'deposit-look-ups',
  'final-look-ups',
  'withdrawals',
  'ops-credits',
  'usage-cancels',
  'transfers',
] as const;

type Queue = { step: string; n: number; since: number | null };

export async function collectDbMetrics(app: FastifyInstance, metrics: Metrics): Promise<void> {
  const now = app.now();
  const nowSeconds = now.getTime() / 1000;
  const at = (ms: number) => new Date(ms).toISOString();
  const lookUpBornBefore = at(now.getTime() - app.config.worker.lookUpAfterMs);
  const finalEndedBefore = at(now.getTime() - PAYMENT_CLOCK_SKEW_MS);
  const nowIso = now.toISOString();

  const [deposits, queues, withdrawals, runs] = await Promise.all([
    app.db.execute(sql`
      SELECT status, count(*)::int AS n FROM deposits
      WHERE status IN ('OPEN', 'PAID', 'FAILED') GROUP BY status`),
    // `since`: when the oldest item became due for its step (Unix seconds).
    app.db.execute(sql`
      SELECT 'credit-deposits' AS step, count(*)::int AS n, extract(epoch FROM min(paid_at))::float8 AS since
        FROM deposits WHERE status = 'PAID' AND NOT amount_mismatch
      UNION ALL
      SELECT 'expire-deposits', count(*)::int, extract(epoch FROM min(expires_at))::float8
        FROM deposits WHERE status = 'OPEN' AND expires_at <= ${nowIso}::timestamptz
      UNION ALL
      SELECT 'deposit-look-ups', count(*)::int,
          extract(epoch FROM min(created_at) + (${nowIso}::timestamptz - ${lookUpBornBefore}::timestamptz))::float8
        FROM deposits
        WHERE status = 'OPEN' AND created_at <= ${lookUpBornBefore}::timestamptz AND expires_at > ${nowIso}::timestamptz
      UNION ALL
      SELECT 'final-look-ups', count(*)::int,
          extract(epoch FROM min(expires_at) + (${nowIso}::timestamptz - ${finalEndedBefore}::timestamptz))::float8
        FROM deposits
        WHERE final_look_up_at IS NULL AND status IN ('SUCCESS', 'CANCELED', 'REJECTED', 'FAILED')
          AND expires_at <= ${finalEndedBefore}::timestamptz
      UNION ALL
      SELECT 'ops-credits', count(*)::int, extract(epoch FROM min(updated_at))::float8
        FROM ops_credits WHERE status = 'PENDING'
      UNION ALL
      SELECT 'usage-cancels', count(*)::int, extract(epoch FROM min(updated_at))::float8
        FROM promotion_usages WHERE status = 'CANCELING'
      UNION ALL
      SELECT 'transfers', count(*)::int, extract(epoch FROM min(updated_at))::float8
        FROM transfers WHERE status IN ('OUT_PENDING', 'IN_PENDING', 'RETURNING')`),
    app.db.execute(sql`
      SELECT w.status, count(*)::int AS n, extract(epoch FROM min(w.updated_at))::float8 AS since
      FROM agencies a CROSS JOIN LATERAL (
        SELECT status, updated_at FROM withdrawals
        WHERE agency_id = a.id AND status IN ('PENDING', 'OPEN', 'RETURNING', 'BOUNCED', 'BOUNCE_RETURNING')
      ) w
      GROUP BY w.status`),
    app.db.execute(sql`
      SELECT a.code AS agency, r.status, r.differences, extract(epoch FROM r.finished_at)::float8 AS finished
      FROM agencies a CROSS JOIN LATERAL (
        SELECT status, differences, finished_at FROM reconciliation_runs
        WHERE agency_id = a.id AND status <> 'RUNNING' ORDER BY seq DESC LIMIT 1
      ) r`),
  ]);

  const { scraped } = metrics;
  // Every known state and step is set, 0 included: an alert on a missing series would never fire.
  const depositCounts = new Map(rowsOf<{ status: string; n: number }>(deposits).map((r) => [r.status, r.n]));
  for (const status of DEPOSIT_STATUSES) scraped.deposits.set({ status }, depositCounts.get(status) ?? 0);

  const withdrawalRows = rowsOf<{ status: string; n: number; since: number | null }>(withdrawals);
  const withdrawalCounts = new Map(withdrawalRows.map((r) => [r.status, r.n]));
  for (const status of WITHDRAWAL_STATUSES)
    scraped.withdrawals.set({ status }, withdrawalCounts.get(status) ?? 0);

  const stepRows = withdrawalRows.filter((r) => WITHDRAWAL_STEP_STATUSES.has(r.status));
  const withdrawalQueue: Queue = {
    step: 'withdrawals',
    n: stepRows.reduce((sum, r) => sum + r.n, 0),
    since: stepRows.reduce<number | null>(
      (oldest, r) => (r.since !== null && (oldest === null || r.since < oldest) ? r.since : oldest),
      null,
    ),
  };
  const queueByStep = new Map([...rowsOf<Queue>(queues), withdrawalQueue].map((q) => [q.step, q]));
  for (const step of STEPS) {
    const queue = queueByStep.get(step);
    scraped.queueDepth.set({ step }, queue?.n ?? 0);
    const since = queue?.since ?? null;
    scraped.queueOldest.set({ step }, since === null ? 0 : Math.max(0, nowSeconds - since));
  }

  // Agencies come and go: only the current ones' series are kept.
  scraped.reconciliationDifferences.reset();
  scraped.reconciliationLastRun.reset();
  scraped.reconciliationLastFailed.reset();
  for (const run of rowsOf<{ agency: string; status: string; differences: number; finished: number | null }>(
    runs,
  )) {
    const labels = { agency: run.agency };
    scraped.reconciliationDifferences.set(labels, run.differences);
    if (run.finished !== null) scraped.reconciliationLastRun.set(labels, run.finished);
    scraped.reconciliationLastFailed.set(labels, run.status === 'FAILED' ? 1 : 0);
  }

  const pool = app.dbPool();
  scraped.dbPool.set({ state: 'total' }, pool.total);
  if (pool.idle !== undefined) scraped.dbPool.set({ state: 'idle' }, pool.idle);
  if (pool.waiting !== undefined) scraped.dbPool.set({ state: 'waiting' }, pool.waiting);
}
