import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { postDeposit } from '../deposits/deposit-test-helpers';
import {
  type OpenedStream,
  openEventStream,
  openOpsEventStream,
  orderEventsOf,
  queueEventsOf,
} from '../events/events-test-helpers';
import {
  asAdmin,
  asToken,
  expectNoneOf,
  payAndCheck,
  routeTable,
  secretsOf,
  setUpWorlds,
  type World,
} from './agency-isolation.test-helpers';

// Issue #38 item 7 "Isolation", live and scraped: the players' and the back office's event streams of one
// agency never carry another agency's orders, payments or requests, and the Prometheus series keep each
// agency's figures under its own label and name no player, order or agency name.

const table = routeTable();
let t: TestApp;
let a: World;
let b: World;
const opened: OpenedStream[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { listen: true, onRoute: table.onRoute });
  ({ a, b } = await setUpWorlds(t, table.waitForRuns));
}, 180_000);
afterAll(async () => {
  for (const s of opened) s.close();
  await t?.close();
});

const DIRECTIONS = [
  ['B', 'A'],
  ['A', 'B'],
] as const;
const worldOf = (label: 'A' | 'B') => (label === 'A' ? a : b);

async function playerStream(cookie: string, host: string): Promise<OpenedStream> {
  const s = await openEventStream(t.app, cookie, host);
  opened.push(s);
  return s;
}
async function opsStream(host: string, headers: Record<string, string>): Promise<OpenedStream> {
  const s = await openOpsEventStream(t.app, { ...headers, host });
  opened.push(s);
  return s;
}

/** New records of `w` that each raise events: a deposit paid with another amount (its unmatched payment too),
 * its pending withdrawal rejected, a four-eyes request. Answers their ids. */
async function eventsOf(w: World): Promise<{ depositCode: string; paymentId: string; approvalId: string }> {
  const created = await postDeposit(t.app, w.player, { mid: w.mid });
  expect(created.statusCode, created.body).toBe(201);
  const depositCode = created.json().order.code as string;
  expect((await payAndCheck(t.app, w.player, depositCode, '98000')).status).toBe('PAID');
  const payments = await asToken(
    t.app,
    w.host,
    'GET',
    '/api/ops/v1/bank-payments?status=UNMATCHED&pageSize=100',
  );
  const payment = (payments.json().items as Array<{ id: string; depositCode: string }>).find(
    (p) => p.depositCode === depositCode,
  );
  const rejected = await asToken(
    t.app,
    w.host,
    'POST',
    `/api/ops/v1/withdrawals/${w.withdrawalCode}/reject`,
    {},
  );
  expect([200, 202], rejected.body).toContain(rejected.statusCode);
  const asked = await asAdmin(t.app, w, 'POST', '/api/ops/v1/adjustments', {
    playerId: w.player.player.id,
    provider: 'gclub',
    amount: '2.00',
    reason: `events of ${w.label}`,
  });
  expect(asked.statusCode, asked.body).toBe(202);
  return { depositCode, paymentId: payment?.id ?? 'none', approvalId: asked.json().approval.id };
}

describe('event streams', () => {
  it.each(DIRECTIONS)(
    'a session of %s’s host refuses the player and staff cookies of %s (401)',
    async (viewerLabel, otherLabel) => {
      const viewer = worldOf(viewerLabel);
      const other = worldOf(otherLabel);
      for (const s of [
        await playerStream(other.player.cookie, viewer.host),
        await opsStream(viewer.host, { cookie: other.admin.cookie }),
      ]) {
        expect(s.status).toBe(401);
        await s.waitForEnd();
        expect(JSON.parse(s.body).error.code).toBe('UNAUTHORIZED');
      }
      // The same cookies at home open a stream.
      for (const s of [
        await playerStream(other.player.cookie, other.host),
        await opsStream(other.host, { cookie: other.admin.cookie }),
      ]) {
        expect(s.status).toBe(200);
        s.close();
      }
    },
  );

  it("each agency's streams carry its own orders, payments and requests, never the other agency's", async () => {
    // Every stream opens before the events: a stream sees what is relayed after it opened.
    const streams = {
      A: {
        player: await playerStream(a.player.cookie, a.host),
        staff: await opsStream(a.host, { cookie: a.admin.cookie }),
        token: await opsStream(a.host, { authorization: `Bearer ${t.app.opsToken.token}` }),
      },
      B: {
        player: await playerStream(b.player.cookie, b.host),
        staff: await opsStream(b.host, { cookie: b.admin.cookie }),
        token: await opsStream(b.host, { authorization: `Bearer ${t.app.opsToken.token}` }),
      },
    };
    for (const s of Object.values(streams).flatMap((x) => Object.values(x))) expect(s.status).toBe(200);
    const ofA = await eventsOf(a);
    const ofB = await eventsOf(b);
    // Each agency's last event comes after every event of the other: once it arrived, the others had.
    for (const [label, own] of [
      ['A', ofA],
      ['B', ofB],
    ] as const) {
      const { player, staff, token } = streams[label];
      await player.waitFor(() =>
        orderEventsOf(player).some((e) => e.code === own.depositCode && e.status === 'PAID'),
      );
      for (const s of [staff, token]) {
        await s.waitFor(() => queueEventsOf(s).some((e) => e.id === own.approvalId));
        const ids = queueEventsOf(s).map((e) => e.id);
        expect(ids).toEqual(
          expect.arrayContaining([own.depositCode, own.paymentId, worldOf(label).withdrawalCode]),
        );
      }
    }
    for (const [label, otherLabel] of DIRECTIONS) {
      const other = worldOf(otherLabel);
      const theirs = otherLabel === 'A' ? ofA : ofB;
      for (const [kind, s] of Object.entries(streams[label])) {
        const where = `${kind} stream of ${label}`;
        expectNoneOf(other, s.body, where);
        for (const id of Object.values(theirs)) expect(s.body, where).not.toContain(id);
      }
    }
  });
});

describe('GET /metrics', () => {
  const scrape = () =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${t.app.opsToken.token}` },
    });
  /** The label sets of one series: `name{a="x",b="y"} value`. */
  const seriesOf = (text: string, name: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith(`${name}{`))
      .map((line) => {
        const labels = Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
        return { labels, value: Number(line.slice(line.lastIndexOf(' ') + 1)) };
      });

  it('is the platform’s: an agency’s staff session is refused on its own host', async () => {
    for (const w of [a, b]) {
      const res = await asAdmin(t.app, w, 'GET', '/metrics');
      expect(res.statusCode).toBe(401);
    }
  });

  it("keeps each agency's reconciliation figures under its own label", async () => {
    // B's latest run a minute after A's, so the two agencies' series differ.
    t.clock.advance(60_000);
    const started = await asToken(t.app, b.host, 'POST', '/api/ops/v1/reconciliation/runs', {
      kind: 'ACTIVITY',
    });
    expect(started.statusCode).toBe(202);
    await table.waitForRuns();
    const latest = async (w: World) =>
      (await asToken(t.app, w.host, 'GET', '/api/ops/v1/reconciliation')).json().run as {
        id: string;
        finishedAt: string;
        differences: number;
      };
    const [runA, runB] = [await latest(a), await latest(b)];
    expect(runA.id).toBe(a.runId);
    expect(runB.finishedAt).not.toBe(runA.finishedAt);
    const text = (await scrape()).body;
    const lastRun = seriesOf(text, 'lc_reconciliation_last_run_timestamp_seconds');
    expect(lastRun.map((s) => s.labels.agency).sort()).toEqual([a.code, b.code].sort());
    for (const [w, run] of [
      [a, runA],
      [b, runB],
    ] as const) {
      const of = (name: string) => seriesOf(text, name).find((s) => s.labels.agency === w.code)?.value;
      expect(of('lc_reconciliation_last_run_timestamp_seconds')).toBe(Date.parse(run.finishedAt) / 1000);
      expect(of('lc_reconciliation_differences')).toBe(run.differences);
      expect(of('lc_reconciliation_last_run_failed')).toBe(0);
    }
  });

  it('names no player, order, payment, promotion or agency name of either agency; labels are codes and patterns', async () => {
    const text = (await scrape()).body;
    expect(text).toContain('lc_http_request_duration_seconds');
    for (const w of [a, b]) {
      expectNoneOf(w, text, '/metrics');
      for (const name of [
        w.player.username,
        w.promoPlayer.username,
        w.player.accountNumber,
        w.player.fingerprint,
      ])
        expect(text).not.toContain(name);
    }
    const values = [...text.matchAll(/(\w+)="([^"]*)"/g)].map((m) => ({ label: m[1], value: m[2] ?? '' }));
    // The agency label holds agency codes only.
    expect(new Set(values.filter((v) => v.label === 'agency').map((v) => v.value))).toEqual(
      new Set([a.code, b.code]),
    );
    // Routes are labelled by their pattern, never by a path with an id or code in it.
    for (const { value } of values.filter((v) => v.label === 'route')) {
      const isPattern =
        table.routes.some((r) => r.url === value) || ['unmatched', 'web-file'].includes(value);
      expect(isPattern, value).toBe(true);
    }
    expect(Object.keys(secretsOf(a)).length).toBeGreaterThan(10);
  });
});
