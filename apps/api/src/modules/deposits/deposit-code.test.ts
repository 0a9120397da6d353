import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSequences } from '../../db/schema/deposits';
import { createTestApp, type TestApp } from '../../test/app';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { laoDay, nextOrderCode, ORDER_NUMBER_BLOCK } from './deposit-code';

let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp();
  agencyId = await demoAgencyId(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

const numberOf = (code: string): number => Number(code.slice(7, -2));

async function counterOf(prefix: string, day: string): Promise<number | undefined> {
  const [row] = await t.app.db
    .select({ last: orderSequences.last })
    .from(orderSequences)
    .where(
      and(
        eq(orderSequences.agencyId, agencyId),
        eq(orderSequences.prefix, prefix),
        eq(orderSequences.day, day),
      ),
    );
  return row?.last;
}

describe('order codes', () => {
  it('parallel orders each get their own number of the day, one counter write per block', async () => {
    const now = new Date('2026-03-01T03:00:00Z');
    const count = 3 * ORDER_NUMBER_BLOCK + 5;
    const codes = await Promise.all(
      Array.from({ length: count }, () => nextOrderCode(t.app.db, agencyId, 'X', now)),
    );
    for (const code of codes) expect(code).toMatch(/^X260301\d{4}[A-HJ-NP-Z]{2}$/);
    const numbers = codes.map(numberOf);
    expect(new Set(numbers).size).toBe(count);
    expect(Math.min(...numbers)).toBe(1);
    // Four blocks reserved for 65 orders: the counter moved four times, not 65.
    expect(await counterOf('X', '260301')).toBe(4 * ORDER_NUMBER_BLOCK);
  });

  it('never hands out a number another process reserved, and starts again at 1 on the next Lao day', async () => {
    const now = new Date('2026-03-02T03:00:00Z');
    const first = numberOf(await nextOrderCode(t.app.db, agencyId, 'Y', now));
    // Another API process reserves the next block of the same counter meanwhile.
    await t.app.db
      .update(orderSequences)
      .set({ last: sql`${orderSequences.last} + ${ORDER_NUMBER_BLOCK}` })
      .where(and(eq(orderSequences.agencyId, agencyId), eq(orderSequences.prefix, 'Y')));
    const others = new Set(Array.from({ length: ORDER_NUMBER_BLOCK }, (_, i) => ORDER_NUMBER_BLOCK + 1 + i));
    const mine = [first];
    for (let i = 0; i < 2 * ORDER_NUMBER_BLOCK; i++) {
      mine.push(numberOf(await nextOrderCode(t.app.db, agencyId, 'Y', now)));
    }
    expect(mine.filter((n) => others.has(n))).toEqual([]);
    expect(new Set(mine).size).toBe(mine.length);
    // Rising within the process.
    expect(mine).toEqual([...mine].sort((a, b) => a - b));

    // 17:00 UTC is midnight in Vientiane.
    const tomorrow = new Date('2026-03-02T17:00:00Z');
    expect(laoDay(tomorrow)).toBe('260303');
    expect(numberOf(await nextOrderCode(t.app.db, agencyId, 'Y', tomorrow))).toBe(1);
  });

  it('a number drawn in a transaction that rolls back goes back to the counter', async () => {
    const now = new Date('2026-03-04T03:00:00Z');
    let drawn = '';
    await t.app.db
      .transaction(async (tx) => {
        drawn = await nextOrderCode(tx, agencyId, 'Z', now);
        expect(await tx.select().from(orderSequences).where(eq(orderSequences.prefix, 'Z'))).toHaveLength(1);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(numberOf(drawn)).toBe(1);
    expect(await counterOf('Z', '260304')).toBeUndefined();
    // Drawn alone in it, not a block: the next order outside reserves from 1 and nothing is handed out twice.
    expect(numberOf(await nextOrderCode(t.app.db, agencyId, 'Z', now))).toBe(1);
  });
});
