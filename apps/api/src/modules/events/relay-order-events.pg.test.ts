import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderEventOutbox } from '../../db/schema/order-event-outbox';
import { createTestApp, type TestApp } from '../../test/app';
import { listenToOrderEvents, openDepositOf } from './events-test-helpers';

// Only on PostgreSQL (a `.pg.test.ts` file): holding the relay's lock from another connection needs a second
// connection, which embedded PGlite does not have.

let t: TestApp;
beforeAll(async () => {
  // Listening: the sandbox bank the deposits use answers over HTTP.
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  await t?.close();
});

it("an order's transaction notifies nothing itself: its event waits in the outbox while another relay holds the turn", async () => {
  const { payloads, stop } = await listenToOrderEvents(t);
  const holder = new pg.Client({ connectionString: t.databaseUrl });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock(727275)');
    const { code } = await openDepositOf(t.app);
    // Several relay turns of this process pass (100 ms each) while the lock is held.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(payloads.filter((p) => p.includes(code))).toEqual([]);
    const waiting = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderEventOutbox)
      .where(sql`${orderEventOutbox.payload}->>'code' = ${code}`);
    expect(waiting[0]?.n).toBe(1);
    await holder.query('COMMIT');
    await expect.poll(() => payloads.filter((p) => p.includes(code)).length).toBe(1);
  } finally {
    await holder.end();
    await stop();
  }
});
