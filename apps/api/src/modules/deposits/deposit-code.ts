import { randomInt } from 'node:crypto';
import { is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { orderSequences } from '../../db/schema/deposits';
import { perDatabase } from '../../lib/per-database';

// Lao time (UTC+7, no daylight saving): the date in a code is the day the player saw.
const LAO_OFFSET_MS = 7 * 60 * 60 * 1000;
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** `yymmdd` of `now` in Lao time. */
export function laoDay(now: Date): string {
  return new Date(now.getTime() + LAO_OFFSET_MS).toISOString().slice(2, 10).replaceAll('-', '');
}

// Reserves `size` numbers of the day: the counter moves by `size`, and the answer is the last of them.
const reserveNumbers = preparedStatement('reserve_order_numbers', (db) =>
  db
    .insert(orderSequences)
    .values({
      agencyId: sql.placeholder('agencyId'),
      prefix: sql.placeholder('prefix'),
      day: sql.placeholder('day'),
      last: sql`${sql.placeholder('size')}::int`,
    })
    .onConflictDoUpdate({
      target: [orderSequences.agencyId, orderSequences.prefix, orderSequences.day],
      set: { last: sql`${orderSequences.last} + ${sql.placeholder('size')}::int` },
    })
    .returning({ last: orderSequences.last }),
);

/**
 * How many numbers of the day a process takes from the counter at once. Every deposit and withdrawal needs
 * one: taking them one by one cost each order its own round trip and commit on one hot row (the agency's
 * counter of the day). Numbers a process has not used when it stops or the day ends are skipped.
 */
export const ORDER_NUMBER_BLOCK = 20;

type Reserved = { day: string; next: number; last: number };
type Counter = { reserved: Reserved | null; reserving: Promise<void> | null };
// Per database handle (one per app) and agency + prefix: the numbers this process reserved and not used yet.
const countersOf = perDatabase((_db: Db) => new Map<string, Counter>());

function counterOf(db: Db, agencyId: string, prefix: string): Counter {
  const ofDb = countersOf(db);
  const key = `${agencyId}|${prefix}`;
  let counter = ofDb.get(key);
  if (!counter) {
    counter = { reserved: null, reserving: null };
    ofDb.set(key, counter);
  }
  return counter;
}

async function reserve(db: DbOrTx, agencyId: string, prefix: string, day: string, size: number) {
  const [row] = await reserveNumbers(db, { agencyId, prefix, day, size });
  if (!row) throw new Error('order sequence upsert returned nothing');
  return row.last;
}

/**
 * The next number of the day. Outside a transaction it comes from this process's reserved block, reserving
 * the next block (one upsert, committed at once) when that is used up; callers arriving meanwhile wait for
 * the same reservation. Inside a transaction it is reserved alone in it, so a rollback gives it back: a
 * block reserved there would be handed out by this process after the rollback had returned it to the
 * counter, and again by the next process to reserve.
 */
async function nextNumber(db: DbOrTx, agencyId: string, prefix: string, day: string): Promise<number> {
  if (is(db, PgTransaction)) return reserve(db, agencyId, prefix, day, 1);
  const counter = counterOf(db, agencyId, prefix);
  for (;;) {
    const { reserved } = counter;
    if (reserved && reserved.day === day && reserved.next <= reserved.last) return reserved.next++;
    counter.reserving ??= reserve(db, agencyId, prefix, day, ORDER_NUMBER_BLOCK)
      .then((last) => {
        counter.reserved = { day, next: last - ORDER_NUMBER_BLOCK + 1, last };
      })
      .finally(() => {
        counter.reserving = null;
      });
    await counter.reserving;
  }
}

/**
 * A new order code `<prefix><yymmdd><number of the day, ≥ 4 digits><2 random letters>`, e.g. `D2611210001AB`.
 * The number comes from a per-agency daily counter, reserved in blocks per process (nextNumber): never
 * shared by two orders, rising within a process, with gaps; the letters keep codes of different agencies
 * apart and make codes hard to guess. The code is unique in the table; callers retry on the rare collision.
 */
export async function nextOrderCode(
  db: DbOrTx,
  agencyId: string,
  prefix: string,
  now: Date,
): Promise<string> {
  const day = laoDay(now);
  const number = await nextNumber(db, agencyId, prefix, day);
  const letters = Array.from({ length: 2 }, () => LETTERS[randomInt(LETTERS.length)]).join('');
  return `${prefix}${day}${String(number).padStart(4, '0')}${letters}`;
}

/** The provider and ledger reference of a deposit's credit. */
export const depositCreditReference = (code: string): string => `${code}:in`;
