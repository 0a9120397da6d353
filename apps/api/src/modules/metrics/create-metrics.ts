import type { TProvider } from '@lc/shared/providers';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { CallObserver, CallOutcome } from '../../adapters/keep-alive-request';

// The Prometheus series of one app (docs/deploy.md lists them with the alerts built on them; decision 0035).
// One registry per app, not prom-client's global one: tests build several apps in one process, and each
// app's scrape-time series read that app's database. Counters and histograms count what this process did
// (sum them over processes); the gauges filled at scrape time (collect-db-metrics.ts) read the shared
// database, so every process reports the same value (take max over processes).

/** Latency buckets (seconds) of our own HTTP answers and of our calls to providers and banks. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics() {
  const registry = new Registry();
  // Process CPU, memory, GC, handles and the event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'lc_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern (never the raw URL) and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const externalDuration = new Histogram({
    name: 'lc_external_request_duration_seconds',
    help: 'Time of one HTTP call to a game provider or the bank gateway, by its protocol and how it ended',
    labelNames: ['system', 'name', 'protocol', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const externalErrors = new Counter({
    name: 'lc_external_request_errors_total',
    help: 'Calls to a game provider or the bank gateway that got no usable answer (timeout, network, 5xx)',
    labelNames: ['system', 'name', 'protocol', 'outcome'] as const,
    registers,
  });
  const depositsCredited = new Counter({
    name: 'lc_deposits_credited_total',
    help: 'Deposits this process credited to the player at the provider (PAID → SUCCESS)',
    labelNames: ['provider'] as const,
    registers,
  });
  const creditedSatang = new Counter({
    name: 'lc_deposit_credited_satang_total',
    help: 'THB credited by deposits, in satang (minor units): the bought credit and the promotion bonus',
    labelNames: ['provider', 'part'] as const,
    registers,
  });

  // Orders by what happened to them (the gauges below show only those still in progress, 0 once done).
  const depositsCreated = new Counter({
    name: 'lc_deposits_created_total',
    help: 'Deposit orders players created in this process (a QR issued)',
    labelNames: ['provider'] as const,
    registers,
  });
  const withdrawalsCreated = new Counter({
    name: 'lc_withdrawals_created_total',
    help: 'Withdrawals players created in this process, by the status they started in (OPEN, PENDING)',
    labelNames: ['provider', 'status'] as const,
    registers,
  });
  const withdrawalsDecided = new Counter({
    name: 'lc_withdrawals_decided_total',
    help: 'Staff decisions on withdrawals in this process, by the status the order reached (SUCCESS, REJECTED, RETURNING, BOUNCED, …)',
    labelNames: ['status'] as const,
    registers,
  });

  const gauge = (name: string, help: string, labelNames: readonly string[] = []) =>
    new Gauge({ name, help, labelNames, registers });
  const scraped = {
    deposits: gauge('lc_deposits', 'Deposits in a state still in progress or waiting for staff', ['status']),
    withdrawals: gauge('lc_withdrawals', 'Withdrawals in a state still in progress or waiting for staff', [
      'status',
    ]),
    queueDepth: gauge('lc_worker_queue_depth', 'Items a background worker step has to act on', ['step']),
    queueOldest: gauge(
      'lc_worker_queue_oldest_age_seconds',
      'How long the oldest item of a worker step has been waiting (0 when none)',
      ['step'],
    ),
    reconciliationDifferences: gauge(
      'lc_reconciliation_differences',
      'Differences found by the latest finished reconciliation run of each agency',
      ['agency'],
    ),
    reconciliationLastRun: gauge(
      'lc_reconciliation_last_run_timestamp_seconds',
      'When the latest finished reconciliation run of each agency ended (Unix time)',
      ['agency'],
    ),
    reconciliationLastFailed: gauge(
      'lc_reconciliation_last_run_failed',
      '1 when the latest finished reconciliation run of the agency failed, else 0',
      ['agency'],
    ),
    dbPool: gauge(
      'lc_db_pool_connections',
      'Database connections: total, idle and requests waiting for one (PGlite: one connection)',
      ['state'],
    ),
  };

  /**
   * A KeepAliveClient observer that times the calls of one provider or bank client. `protocol` tells the
   * providers' protocols apart (`laocredit-v1`, `fundtransfer-v1`: one provider may be reached either way,
   * agency by agency); the bank's calls leave it empty.
   */
  const observeCalls =
    (system: 'provider' | 'bank', name: string, protocol = ''): CallObserver =>
    (seconds: number, outcome: CallOutcome) => {
      externalDuration.observe({ system, name, protocol, outcome }, seconds);
      if (outcome === 'timeout' || outcome === 'error' || outcome === '5xx')
        externalErrors.inc({ system, name, protocol, outcome });
    };

  return {
    registry,
    scraped,
    observeCalls,
    observeHttp(method: string, route: string, statusCode: number, seconds: number): void {
      httpDuration.observe({ method, route, status_class: `${Math.floor(statusCode / 100)}xx` }, seconds);
    },
    depositCreated(provider: TProvider): void {
      depositsCreated.inc({ provider });
    },
    withdrawalCreated(provider: TProvider, status: string): void {
      withdrawalsCreated.inc({ provider, status });
    },
    withdrawalDecided(status: string): void {
      withdrawalsDecided.inc({ status });
    },
    depositCredited(provider: TProvider, credit: bigint, bonus: bigint): void {
      depositsCredited.inc({ provider });
      // prom-client counts in doubles: exact up to 2^53 satang (90 trillion THB), far past any real total.
      creditedSatang.inc({ provider, part: 'credit' }, Number(credit));
      if (bonus > 0n) creditedSatang.inc({ provider, part: 'bonus' }, Number(bonus));
    },
  };
}
