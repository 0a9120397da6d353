import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTEN_APPLICATION_NAME } from '../../db/listen-postgres';
import { createTestApp, type TestApp } from '../../test/app';
import { playerWithBankAccount, postDeposit } from '../deposits/deposit-test-helpers';
import { createTestStaff, staffRequest } from '../staff/staff.test-helpers';
import {
  type OpenedStream,
  openDepositOf,
  openEventStream,
  openOpsEventStream,
  orderEventsOf,
  payDeposit,
  queueEventsOf,
} from './events-test-helpers';

// Only on PostgreSQL (a `.pg.test.ts` file: vitest.config.ts includes it when TEST_DATABASE_URL is set, as
// `.ci/run`'s PostgreSQL phase does): several processes share one database only there, and the LISTEN
// connection these tests end is PostgreSQL's. Embedded PGlite is one process; events.test.ts covers it.

let t: TestApp;
const opened: OpenedStream[] = [];
async function stream(app: TestApp['app'], cookie?: string): Promise<OpenedStream> {
  const s = await openEventStream(app, cookie);
  opened.push(s);
  return s;
}
const openDeposit = (app = t.app) => openDepositOf(app);

beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  for (const s of opened) s.close();
  await t?.close();
});

describe('several API processes on one PostgreSQL', () => {
  let b: TestApp;
  beforeAll(async () => {
    // A second app on the same database: its own pool, its own LISTEN connection, its own sandbox bank.
    b = await createTestApp({ DATABASE_URL: t.databaseUrl ?? '' }, { listen: true });
  });
  afterAll(async () => {
    await b?.close();
  });

  it("a webhook settling a deposit in process B reaches the stream held on process A, and only its player's", async () => {
    // The streams open before the order exists: its creation's event is relayed after the commit (by either
    // process's relay), so a stream opened after the creation may still receive it.
    const p = await playerWithBankAccount(t.app);
    const other = await playerWithBankAccount(t.app);
    const onA = await stream(t.app, p.cookie);
    const otherOnA = await stream(t.app, other.cookie);
    const created = await postDeposit(t.app, p);
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json().order.code as string;
    // Paid through B's sandbox bank: B receives the webhook, settles and credits; A never touches the order.
    await payDeposit(b.app, p, code);
    await onA.waitFor(() => orderEventsOf(onA).some((e) => e.status === 'SUCCESS'));
    expect(orderEventsOf(onA)).toEqual([
      { kind: 'deposit', code, status: 'OPEN' },
      { kind: 'deposit', code, status: 'PAID' },
      { kind: 'deposit', code, status: 'SUCCESS' },
    ]);
    expect(otherOnA.messages).toEqual([]);
  });

  it('a four-eyes request made in process B reaches a staff stream held on process A', async () => {
    const finance = await createTestStaff(b.app, b.clock, 'finance');
    const support = await createTestStaff(t.app, t.clock, 'support');
    const onA = await openOpsEventStream(t.app, { cookie: support.cookie });
    opened.push(onA);
    const { p } = await openDeposit();
    const asked = await staffRequest(b.app, finance.cookie, 'POST', '/api/ops/v1/adjustments', {
      playerId: p.player.id,
      provider: 'betflix',
      amount: '5.00',
      reason: 'cross-process',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const id = asked.json().approval.id as string;
    await onA.waitFor(() => queueEventsOf(onA).some((e) => e.id === id));
    expect(queueEventsOf(onA).filter((e) => e.id === id)).toEqual([
      { type: 'approval', id, status: 'PENDING' },
    ]);
  });

  it("a dropped LISTEN connection: A's streams end (browsers reconnect) and events flow again after A reconnects", async () => {
    const { p, code } = await openDeposit();
    const before = await stream(t.app, p.cookie);
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    try {
      const ended = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = $1 AND datname = current_database()`,
        [LISTEN_APPLICATION_NAME],
      );
      // Both processes' listeners are on this database.
      expect(ended.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    // The stream ends once A's listener is back (the gap is reported after the reconnect).
    await before.waitForEnd();
    const after = await stream(t.app, p.cookie);
    await payDeposit(b.app, p, code);
    await after.waitFor(() => orderEventsOf(after).some((e) => e.status === 'SUCCESS'), 15_000);
  });
});
