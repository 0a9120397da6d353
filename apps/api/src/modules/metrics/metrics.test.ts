import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transfers } from '../../db/schema/transfers';
import { createTestApp, type TestApp } from '../../test/app';
import {
  type DepositPlayer,
  depositAction,
  playerWithBankAccount,
  postDeposit,
  sandboxPay,
} from '../deposits/deposit-test-helpers';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { runReconciliationNow } from '../reconciliation/reconciliation-test-helpers';
import {
  fund,
  opsAction,
  withdraw,
  playerWithBankAccount as withdrawerWithBankAccount,
} from '../withdrawals/withdrawal-test-helpers';
import { routeLabel } from './register-metrics';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  await t?.close();
});

const CREDIT = 15612; // 100000 LAK ÷ 640.50, rounded down to the satang

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition (comments skipped). */
function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match?.[1] || match[3] === undefined) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1] ?? ''] = pair[2] ?? '';
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/**
 * The value of the sample named `name` whose labels include `labels`: 0 when there is none (a counter shows a
 * label set only once counted), a failure when several match.
 */
function sampleOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

async function scrape(app = t.app, token = app.opsToken.token) {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: res.body, samples: parseSamples(res.body) };
}

/** A player with an OPEN deposit of 100000 LAK at gclub whose payment is at the bank, its webhook lost. */
async function paidDeposit(): Promise<{ p: DepositPlayer; code: string }> {
  const p = await playerWithBankAccount(t.app);
  const created = await postDeposit(t.app, p);
  expect(created.statusCode).toBe(201);
  const code: string = created.json().order.code;
  t.app.sandboxFaults.forceNext('bank', 'lost');
  expect((await sandboxPay(t.app, { billNumber: code, amount: '100000' })).statusCode).toBe(201);
  return { p, code };
}

describe('routeLabel', () => {
  it('keeps the API and sandbox route patterns, and folds the web files and unmatched requests', () => {
    expect(routeLabel('/api/v2/deposits/:code/check')).toBe('/api/v2/deposits/:code/check');
    expect(routeLabel('/sandbox/bank/payments')).toBe('/sandbox/bank/payments');
    expect(routeLabel('/metrics')).toBe('/metrics');
    expect(routeLabel('/assets/index-3f9a1c.js')).toBe('web-file');
    expect(routeLabel('/')).toBe('web-file');
    expect(routeLabel(undefined)).toBe('unmatched');
  });
});

describe('GET /metrics authorization', () => {
  it.each([
    ['no token', {}],
    ['a wrong token', { authorization: 'Bearer wrong-token-of-some-length' }],
    ['the ops token without Bearer', { authorization: 'token-only' }],
    ['a player cookie', { cookie: 'lc_session=abc' }],
  ])('answers 401 UNAUTHORIZED in the error shape with %s, and no series', async (_name, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    expect(res.body).not.toContain('lc_http_request_duration_seconds');
  });

  it('takes METRICS_TOKEN when it is set, and then not the ops token', async () => {
    const metricsToken = 'metrics-scraper-token-0123456789';
    const other = await createTestApp({ METRICS_TOKEN: metricsToken });
    try {
      const withOps = await other.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${other.app.opsToken.token}` },
      });
      expect(withOps.statusCode).toBe(401);
      const { samples } = await scrape(other.app, metricsToken);
      // PGlite: one connection.
      expect(sampleOf(samples, 'lc_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    } finally {
      await other.close();
    }
  });
});

describe('GET /metrics series', () => {
  it('after a deposit credited through the sandbox: http, provider, bank and money series count it', async () => {
    const before = (await scrape()).samples;
    const creditedBefore = sampleOf(before, 'lc_deposit_credited_satang_total', {
      provider: 'gclub',
      part: 'credit',
    });
    const { p, code } = await paidDeposit();
    const check = await depositAction(t.app, p, code, 'check');
    expect(check.json().order.status).toBe('SUCCESS');

    const { text, samples } = await scrape();
    // Exactly this deposit's credit was added, in satang.
    expect(sampleOf(samples, 'lc_deposit_credited_satang_total', { provider: 'gclub', part: 'credit' })).toBe(
      creditedBefore + CREDIT,
    );
    expect(sampleOf(samples, 'lc_deposits_credited_total', { provider: 'gclub' })).toBeGreaterThanOrEqual(1);
    // Latency by route pattern and status class: the check of this deposit is under its pattern, and no
    // label holds the deposit code (or any other raw URL).
    expect(
      sampleOf(samples, 'lc_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/v2/deposits/:code/check',
        status_class: '2xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleOf(samples, 'lc_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/v2/deposits',
        status_class: '2xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(code);
    // The provider's HTTP calls (member, transfer) and the bank look-up of the check were timed.
    expect(
      sampleOf(samples, 'lc_external_request_duration_seconds_count', {
        system: 'provider',
        name: 'gclub',
        outcome: '2xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleOf(samples, 'lc_external_request_duration_seconds_count', {
        system: 'bank',
        name: 'payments',
        outcome: '2xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    // The database client's connections: PGlite has one; node-postgres's pool also tells idle and waiting.
    expect(sampleOf(samples, 'lc_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    const poolStates = samples.filter((s) => s.name === 'lc_db_pool_connections').map((s) => s.labels.state);
    expect(poolStates.sort()).toEqual(t.databaseUrl ? ['idle', 'total', 'waiting'] : ['total']);
    // prom-client's default series, event-loop lag among them.
    expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    expect(samples.some((s) => s.name === 'process_resident_memory_bytes')).toBe(true);
  });

  it('a PAID deposit the provider refused shows in the credit queue, aging on the app clock, and as a provider error', async () => {
    const errorsBefore = (await scrape()).samples.filter(
      (s) => s.name === 'lc_external_request_errors_total' && s.labels.name === 'gclub',
    );
    expect(errorsBefore).toEqual([]);
    const { p, code } = await paidDeposit();
    // The player's gclub member exists, so the fault below hits the credit's transfer, not its creation.
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/v2/players/credits/gclub',
      headers: { cookie: p.cookie },
    });
    expect(read.statusCode).toBe(200);
    t.app.sandboxFaults.forceNext('providers', 'error');
    expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('PAID');

    let { samples } = await scrape();
    expect(sampleOf(samples, 'lc_deposits', { status: 'PAID' })).toBe(1);
    expect(sampleOf(samples, 'lc_worker_queue_depth', { step: 'credit-deposits' })).toBe(1);
    expect(sampleOf(samples, 'lc_worker_queue_oldest_age_seconds', { step: 'credit-deposits' })).toBeLessThan(
      5,
    );
    expect(
      sampleOf(samples, 'lc_external_request_errors_total', {
        system: 'provider',
        name: 'gclub',
        outcome: '5xx',
      }),
    ).toBe(1);

    t.clock.advance(150_000);
    ({ samples } = await scrape());
    const age = sampleOf(samples, 'lc_worker_queue_oldest_age_seconds', { step: 'credit-deposits' });
    expect(age).toBeGreaterThanOrEqual(150);
    expect(age).toBeLessThan(160);

    // Credited: the queue is empty again.
    expect((await depositAction(t.app, p, code, 'check')).json().order.status).toBe('SUCCESS');
    ({ samples } = await scrape());
    expect(sampleOf(samples, 'lc_deposits', { status: 'PAID' })).toBe(0);
    expect(sampleOf(samples, 'lc_worker_queue_depth', { step: 'credit-deposits' })).toBe(0);
    expect(sampleOf(samples, 'lc_worker_queue_oldest_age_seconds', { step: 'credit-deposits' })).toBe(0);
  });

  it('counts deposits created, withdrawals created and staff decisions on them, each once', async () => {
    const before = (await scrape()).samples;
    const count = (samples: Sample[], name: string, labels: Record<string, string>) =>
      sampleOf(samples, name, labels) - sampleOf(before, name, labels);

    const depositor = await playerWithBankAccount(t.app);
    const deposit = await postDeposit(t.app, depositor);
    expect(deposit.statusCode).toBe(201);
    // Cancelled again so that the other tests' queues stay as they expect them.
    expect((await depositAction(t.app, depositor, deposit.json().order.code, 'cancel')).statusCode).toBe(200);
    const p = await withdrawerWithBankAccount(t.app);
    await fund(t.app, p, 'gclub', '200.00');
    // One open withdrawal at a time: each is decided before the next.
    const approved = await withdraw(t.app, p, { credit: '50.00' });
    expect(approved.statusCode).toBe(201);
    expect((await opsAction(t.app, approved.json().order.code, 'approve')).statusCode).toBe(200);
    const rejected = await withdraw(t.app, p, { credit: '50.00' });
    expect(rejected.statusCode).toBe(201);
    expect((await opsAction(t.app, rejected.json().order.code, 'reject')).statusCode).toBe(200);
    // A refused second decision changes nothing.
    expect((await opsAction(t.app, approved.json().order.code, 'approve')).statusCode).toBe(409);

    const { samples } = await scrape();
    expect(count(samples, 'lc_deposits_created_total', { provider: 'gclub' })).toBe(1);
    expect(count(samples, 'lc_withdrawals_created_total', { provider: 'gclub', status: 'OPEN' })).toBe(2);
    expect(count(samples, 'lc_withdrawals_decided_total', { status: 'SUCCESS' })).toBe(1);
    expect(count(samples, 'lc_withdrawals_decided_total', { status: 'REJECTED' })).toBe(1);
  });

  it('every worker step and open state has a series, 0 included', async () => {
    const { samples } = await scrape();
    for (const step of [
      'credit-deposits',
      'expire-deposits',
      'deposit-look-ups',
      'final-look-ups',
      'withdrawals',
      'ops-credits',
      'usage-cancels',
      'transfers',
    ])
      expect(sampleOf(samples, 'lc_worker_queue_depth', { step })).toBeGreaterThanOrEqual(0);
    for (const status of ['PENDING', 'OPEN', 'RETURNING', 'BOUNCED', 'BOUNCE_RETURNING'])
      expect(sampleOf(samples, 'lc_withdrawals', { status })).toBe(0);
  });

  it('an unfinished transfer between providers is in the transfers queue, aged from its last change', async () => {
    const p = await playerWithBankAccount(t.app);
    const since = new Date(t.clock.now().getTime() - 42_000);
    await t.app.db.insert(transfers).values({
      reference: 'T2601159999ZZ',
      agencyId: await demoAgencyId(t.app.db),
      playerId: p.player.id,
      fromProvider: 'askmebet',
      toProvider: 'gclub',
      amount: 1000n,
      idempotencyKey: 'metrics-1',
      status: 'IN_PENDING',
      createdAt: since,
      updatedAt: since,
    });
    const { samples } = await scrape();
    expect(sampleOf(samples, 'lc_worker_queue_depth', { step: 'transfers' })).toBe(1);
    expect(sampleOf(samples, 'lc_worker_queue_oldest_age_seconds', { step: 'transfers' })).toBeCloseTo(42, 0);
    await t.app.db
      .update(transfers)
      .set({ status: 'SUCCESS' })
      .where(eq(transfers.reference, 'T2601159999ZZ'));
    expect(sampleOf((await scrape()).samples, 'lc_worker_queue_depth', { step: 'transfers' })).toBe(0);
  });

  it('an OPEN deposit past its expiry is in the expire queue, aged from its expiry', async () => {
    const p = await playerWithBankAccount(t.app);
    const created = await postDeposit(t.app, p);
    expect(created.statusCode).toBe(201);
    const expiresAt = new Date(created.json().order.expires_at).getTime();
    t.clock.set(new Date(expiresAt + 42_000));
    const { samples } = await scrape();
    expect(sampleOf(samples, 'lc_worker_queue_depth', { step: 'expire-deposits' })).toBe(1);
    expect(sampleOf(samples, 'lc_worker_queue_oldest_age_seconds', { step: 'expire-deposits' })).toBeCloseTo(
      42,
      0,
    );
    expect((await depositAction(t.app, p, created.json().order.code, 'cancel')).statusCode).toBe(200);
    expect(sampleOf((await scrape()).samples, 'lc_worker_queue_depth', { step: 'expire-deposits' })).toBe(0);
  });

  it('reconciliation: the latest run per agency, its differences and when it ended', async () => {
    const report = await runReconciliationNow(t.app);
    const { samples } = await scrape();
    expect(sampleOf(samples, 'lc_reconciliation_differences', { agency: 'demo' })).toBe(
      report.run.differences,
    );
    expect(sampleOf(samples, 'lc_reconciliation_last_run_failed', { agency: 'demo' })).toBe(0);
    const ended = sampleOf(samples, 'lc_reconciliation_last_run_timestamp_seconds', { agency: 'demo' });
    expect(ended * 1000).toBe(new Date(report.run.finishedAt ?? 0).getTime());
  });
});
