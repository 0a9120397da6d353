import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginTestPlayer, type TestApp } from '../../test/app';
import { runWorkerTick } from '../../worker/run-worker-tick';
import { depositAction, playerWithBankAccount, postDeposit } from '../deposits/deposit-test-helpers';
import { opsAction, withdraw } from '../withdrawals/withdrawal-test-helpers';
import {
  listenToOrderEvents,
  type OpenedStream,
  openDepositOf,
  openEventStream,
  orderEventsOf,
  payDeposit,
} from './events-test-helpers';
import { MAX_STREAMS_PER_PLAYER } from './player-event-streams';

const HEARTBEAT_MS = 300;

let t: TestApp;
const opened: OpenedStream[] = [];
async function stream(app: TestApp['app'], cookie?: string): Promise<OpenedStream> {
  const s = await openEventStream(app, cookie);
  opened.push(s);
  return s;
}

beforeAll(async () => {
  t = await createTestApp({ EVENTS_HEARTBEAT_MS: String(HEARTBEAT_MS) }, { listen: true });
});
afterAll(async () => {
  for (const s of opened) s.close();
  await t?.close();
});

const openDeposit = (app = t.app) => openDepositOf(app);

describe('GET /api/v2/players/events', () => {
  it('401 UNAUTHORIZED in the contract shape without a session, and with an unknown one', async () => {
    for (const cookie of [undefined, 'sid=not-a-session']) {
      const s = await stream(t.app, cookie);
      expect(s.status).toBe(401);
      await s.waitForEnd();
      expect(JSON.parse(s.body).error.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers text/event-stream with retry, the security headers, no caching and a heartbeat comment', async () => {
    const { p } = await openDeposit();
    const s = await stream(t.app, p.cookie);
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['cache-control']).toBe('no-store');
    expect(s.headers['content-security-policy']).toContain("default-src 'self'");
    expect(s.headers['x-request-id']).toBeTruthy();
    expect(s.headers['content-encoding']).toBeUndefined();
    await s.waitFor(() => s.lines.includes(': heartbeat'), 5000);
    expect(s.lines[0]).toBe('retry: 3000');
  });

  it("a deposit's life reaches its player's streams (every tab) and never another player's", async () => {
    // Every stream opens before the orders it should see exist: on PostgreSQL a NOTIFY of an order created
    // earlier may still reach a stream opened after it.
    const otherPlayer = await playerWithBankAccount(t.app);
    const otherStream = await stream(t.app, otherPlayer.cookie);
    const otherDeposit = await postDeposit(t.app, otherPlayer);
    expect(otherDeposit.statusCode, otherDeposit.body).toBe(201);
    const other = { p: otherPlayer, code: otherDeposit.json().order.code as string };
    const p = await playerWithBankAccount(t.app);
    const tabs = [await stream(t.app, p.cookie), await stream(t.app, p.cookie)];

    const created = await postDeposit(t.app, p);
    const code = created.json().order.code as string;
    await payDeposit(t.app, p, code);
    for (const tab of tabs) {
      await tab.waitFor(() => orderEventsOf(tab).some((e) => e.status === 'SUCCESS'));
      expect(orderEventsOf(tab)).toEqual([
        { kind: 'deposit', code, status: 'OPEN' },
        { kind: 'deposit', code, status: 'PAID' },
        { kind: 'deposit', code, status: 'SUCCESS' },
      ]);
    }

    // The other player's stream carried nothing of it, and still carries its own player's changes.
    expect(await depositAction(t.app, other.p, other.code, 'cancel')).toMatchObject({ statusCode: 200 });
    await otherStream.waitFor(() => orderEventsOf(otherStream).some((e) => e.status === 'CANCELED'));
    expect(orderEventsOf(otherStream)).toEqual([
      { kind: 'deposit', code: other.code, status: 'OPEN' },
      { kind: 'deposit', code: other.code, status: 'CANCELED' },
    ]);
  });

  it('withdrawals: created, then approved by staff, as the player sees the status', async () => {
    const { p, code } = await openDeposit();
    const s = await stream(t.app, p.cookie);
    await payDeposit(t.app, p, code);
    await s.waitFor(() => orderEventsOf(s).some((e) => e.code === code && e.status === 'SUCCESS'));
    const res = await withdraw(t.app, p, { credit: '100.00' });
    expect(res.statusCode, res.body).toBe(201);
    const wcode = res.json().order.code as string;
    await s.waitFor(() => orderEventsOf(s).some((e) => e.code === wcode && e.status === 'OPEN'));
    expect((await opsAction(t.app, wcode, 'approve')).statusCode).toBe(200);
    await s.waitFor(() => orderEventsOf(s).some((e) => e.code === wcode && e.status === 'SUCCESS'));
    // Internal states (PENDING, RETURNING…) never reach the player: only the record's statuses.
    const statuses = orderEventsOf(s)
      .filter((e) => e.kind === 'withdrawal')
      .map((e) => e.status);
    expect(new Set(statuses)).toEqual(new Set(['OPEN', 'SUCCESS']));
    expect(orderEventsOf(s).filter((e) => e.code !== code && e.code !== wcode)).toEqual([]);
  });

  it('a transfer between providers reaches every tab of its player as it moves (their balances change), and no other player', async () => {
    const { p, code } = await openDeposit();
    const tab = await stream(t.app, p.cookie);
    await payDeposit(t.app, p, code);
    await tab.waitFor(() => orderEventsOf(tab).some((e) => e.code === code && e.status === 'SUCCESS'));
    const otherTab = await stream(t.app, await loginTestPlayer(t.app, p.username, p.password));
    const stranger = await stream(t.app, (await playerWithBankAccount(t.app)).cookie);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/credits/transfer',
      headers: { cookie: p.cookie, 'idempotency-key': 'tabs-1' },
      payload: { from: 'gclub', to: 'askmebet', amount: '10.00' },
    });
    expect(res.json().transfer?.status, res.body).toBe('SUCCESS');
    const reference = res.json().transfer.reference as string;
    for (const s of [tab, otherTab]) {
      await s.waitFor(() => orderEventsOf(s).some((e) => e.code === reference && e.status === 'SUCCESS'));
      // Recorded, then its credit out of gclub (both PENDING to the player: under way), then arrived.
      const events = orderEventsOf(s).filter((e) => e.code === reference);
      expect(events).toEqual(
        ['PENDING', 'PENDING', 'SUCCESS'].map((status) => ({ kind: 'transfer', code: reference, status })),
      );
    }
    expect(orderEventsOf(stranger)).toEqual([]);
  });

  it('a burst of 40 changes arrives complete and in order', async () => {
    const p = await playerWithBankAccount(t.app);
    const s = await stream(t.app, p.cookie);
    const expected: Array<{ kind: string; code: string; status: string }> = [];
    for (let i = 0; i < 20; i++) {
      const res = await postDeposit(t.app, p);
      const code = res.json().order.code as string;
      expect((await depositAction(t.app, p, code, 'cancel')).statusCode).toBe(200);
      expected.push({ kind: 'deposit', code, status: 'OPEN' }, { kind: 'deposit', code, status: 'CANCELED' });
    }
    await s.waitFor((m) => m.length >= 40);
    expect(orderEventsOf(s)).toEqual(expected);
  });

  it('a stream of a signed-out session stops within a heartbeat; one of another live session goes on', async () => {
    const p = await playerWithBankAccount(t.app);
    const second = await loginTestPlayer(t.app, p.username, p.password);
    const ending = await stream(t.app, p.cookie);
    const staying = await stream(t.app, second);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/logout',
      headers: { cookie: p.cookie },
    });
    expect(out.statusCode).toBe(204);
    await ending.waitForEnd(HEARTBEAT_MS * 10);
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 3));
    expect(staying.isEnded()).toBe(false);
    // Reconnecting with the ended session is refused.
    expect((await stream(t.app, p.cookie)).status).toBe(401);
  });

  it(`at most ${MAX_STREAMS_PER_PLAYER} open streams per player: the next gets 429, a closed one frees a place`, async () => {
    const p = await playerWithBankAccount(t.app);
    const streams: OpenedStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_PLAYER; i++) streams.push(await stream(t.app, p.cookie));
    expect(streams.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_PLAYER).fill(200));
    const refused = await stream(t.app, p.cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    await refused.waitForEnd();
    expect(JSON.parse(refused.body).error.code).toBe('RATE_LIMITED');
    // Another player is not affected by this one's streams.
    const other = await playerWithBankAccount(t.app);
    expect((await stream(t.app, other.cookie)).status).toBe(200);

    streams[0]?.close();
    await expect
      .poll(async () => {
        const s = await stream(t.app, p.cookie);
        s.close();
        return s.status;
      })
      .toBe(200);
  });

  it("the relay's NOTIFY payload of the longest code and status stays far under PostgreSQL's 8000 bytes", async () => {
    const { payloads, stop } = await listenToOrderEvents(t);
    try {
      const { p, code } = await openDeposit();
      await payDeposit(t.app, p, code);
      await expect.poll(() => payloads.some((x) => x.includes(code) && x.includes('SUCCESS'))).toBe(true);
      const res = await withdraw(t.app, p, { credit: '100.00' });
      const wcode = res.json().order.code as string;
      // The longest values the columns hold: a 40-character code (the longest a route accepts) and the
      // longest withdrawal state.
      const longCode = 'W'.repeat(40);
      await t.app.db.execute(
        sql`UPDATE withdrawals SET code = ${longCode}, status = 'BOUNCE_RETURNING' WHERE code = ${wcode}`,
      );
      await expect.poll(() => payloads.some((x) => x.includes(longCode))).toBe(true);
      const longest = Math.max(...payloads.map((x) => Buffer.byteLength(x)));
      expect(longest).toBeLessThan(400);
    } finally {
      await stop();
    }
  });
});

describe('events from the worker', () => {
  let w: TestApp;
  beforeAll(async () => {
    w = await createTestApp({ EVENTS_HEARTBEAT_MS: '60000' }, { listen: true });
  });
  afterAll(async () => {
    await w?.close();
  });

  it('a stream ends the moment its session does, long before its minute-long heartbeat; another session goes on', async () => {
    const p = await playerWithBankAccount(w.app);
    const second = await loginTestPlayer(w.app, p.username, p.password);
    const ending = await stream(w.app, p.cookie);
    const staying = await stream(w.app, second);
    const out = await w.app.inject({
      method: 'POST',
      url: '/api/v2/players/logout',
      headers: { cookie: p.cookie },
    });
    expect(out.statusCode).toBe(204);
    // Bounded far below the 60 s heartbeat: only the session's end can have ended it.
    await ending.waitForEnd(5_000);
    // An order of the player made after the logout reaches the live session only.
    const created = await postDeposit(w.app, { ...p, cookie: second });
    expect(created.statusCode, created.body).toBe(201);
    await staying.waitFor(() => orderEventsOf(staying).length > 0);
    expect(orderEventsOf(ending)).toEqual([]);
    expect(staying.isEnded()).toBe(false);
  });

  it('an unpaid deposit expired by a worker tick reaches the player as CANCELED', async () => {
    // The stream opens before the order exists: on PostgreSQL the creation's NOTIFY may reach this process
    // after a stream opened later, so only a stream that saw the whole life has one right answer.
    const p = await playerWithBankAccount(w.app);
    const s = await stream(w.app, p.cookie);
    const created = await postDeposit(w.app, p);
    expect(created.statusCode, created.body).toBe(201);
    const code: string = created.json().order.code;
    w.clock.advance(16 * 60_000);
    await runWorkerTick(w.app);
    await s.waitFor(() => orderEventsOf(s).some((e) => e.status === 'CANCELED'));
    expect(orderEventsOf(s)).toEqual([
      { kind: 'deposit', code, status: 'OPEN' },
      { kind: 'deposit', code, status: 'CANCELED' },
    ]);
  });
});
