import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bankPayments } from '../../db/schema/bank-payments';
import { deposits } from '../../db/schema/deposits';
import { orderEventOutbox } from '../../db/schema/order-event-outbox';
import { createTestApp, type TestApp } from '../../test/app';
import { listenToOrderEvents, openDepositOf, payDeposit } from './events-test-helpers';
import { relayOrderEvents } from './relay-order-events';

// The outbox between the order triggers and NOTIFY (decision 0048), on PGlite and PostgreSQL.

let t: TestApp;
beforeAll(async () => {
  // Listening: the sandbox bank the deposits use answers over HTTP.
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  await t?.close();
});

const eventsOf = (payloads: string[], code: string) =>
  payloads
    .map((p) => JSON.parse(p) as { code: string; status: string; seq: number })
    .filter((e) => e.code === code);

it('a committed change is notified once and leaves the outbox; a rolled-back one is never notified', async () => {
  const { payloads, stop } = await listenToOrderEvents(t);
  try {
    const { p, code } = await openDepositOf(t.app);
    const rolledBack = await openDepositOf(t.app);
    await t.app.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE deposits SET status = 'CANCELED' WHERE code = ${rolledBack.code}`);
        tx.rollback();
      })
      .catch(() => undefined);
    await payDeposit(t.app, p, code);
    await expect
      .poll(() => eventsOf(payloads, code).map((e) => e.status))
      .toEqual(['OPEN', 'PAID', 'SUCCESS']);
    await relayOrderEvents(t.app);
    expect(eventsOf(payloads, rolledBack.code).map((e) => e.status)).toEqual(['OPEN']);
    const [left] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(orderEventOutbox);
    expect(left?.n).toBe(0);
  } finally {
    await stop();
  }
});

it('a payment that settles its order writes no event of its own; a second payment of the bill does', async () => {
  const { payloads, stop } = await listenToOrderEvents(t);
  try {
    const { p, code } = await openDepositOf(t.app);
    await payDeposit(t.app, p, code);
    await payDeposit(t.app, p, code);
    const [deposit] = await t.app.db.select().from(deposits).where(eq(deposits.code, code));
    // The sandbox bank delivers its webhooks after answering the payment.
    const paymentsOfBill = () =>
      t.app.db
        .select({ id: bankPayments.id, status: bankPayments.status })
        .from(bankPayments)
        .where(inArray(bankPayments.billNumber, [code, deposit?.bankBillId ?? code]));
    await expect
      .poll(async () => (await paymentsOfBill()).map((payment) => payment.status).sort())
      .toEqual(['MATCHED', 'UNMATCHED']);
    const stored = await paymentsOfBill();
    const matched = stored.find((payment) => payment.status === 'MATCHED');
    const duplicate = stored.find((payment) => payment.status === 'UNMATCHED');
    if (!matched || !duplicate) throw new Error('unreachable: both were just seen');
    // Events reach the channel in outbox order, and the matched payment was stored before the second one:
    // once the second payment's event is here, an event of the first would be too.
    await expect.poll(() => eventsOf(payloads, duplicate.id).map((e) => e.status)).toEqual(['UNMATCHED']);
    expect(eventsOf(payloads, code).map((e) => e.status)).toContain('PAID');
    expect(eventsOf(payloads, matched.id)).toEqual([]);
  } finally {
    await stop();
  }
});

/** Puts deposit events of `code` in the outbox in one statement (they commit together), as triggers would. */
async function recordEvents(code: string, statuses: string[]): Promise<void> {
  await t.app.db.insert(orderEventOutbox).values(
    statuses.map((status) => ({
      payload: { kind: 'deposit', agencyId: null, playerId: null, code, status },
    })),
  );
}

it('the events of one batch go out in outbox order, two equal ones both', async () => {
  const { payloads, stop } = await listenToOrderEvents(t);
  try {
    const code = `D-RELAY-${Date.now()}`;
    // One statement: the three rows commit together, so one relay takes them in one batch.
    await recordEvents(code, ['PAID', 'PAID', 'SUCCESS']);
    await expect.poll(() => eventsOf(payloads, code).length).toBe(3);
    const events = eventsOf(payloads, code);
    expect(events.map((e) => e.status)).toEqual(['PAID', 'PAID', 'SUCCESS']);
    expect(events.map((e) => e.seq)).toEqual([...events.map((e) => e.seq)].sort((a, b) => a - b));
  } finally {
    await stop();
  }
});

it('a burst larger than a batch is relayed whole', async () => {
  const { payloads, stop } = await listenToOrderEvents(t);
  try {
    const code = `D-BURST-${Date.now()}`;
    const statuses = Array.from({ length: 1200 }, (_, i) => `S${i}`);
    await recordEvents(code, statuses);
    await expect.poll(() => eventsOf(payloads, code).length, { timeout: 10_000 }).toBe(statuses.length);
    expect(eventsOf(payloads, code).map((e) => e.status)).toEqual(statuses);
  } finally {
    await stop();
  }
});
