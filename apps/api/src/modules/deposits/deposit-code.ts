import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { orderSequences } from '../../db/schema/deposits';

// Lao time (UTC+7, no daylight saving): the date in a code is the day the player saw.
const LAO_OFFSET_MS = 7 * 60 * 60 * 1000;
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** `yymmdd` of `now` in Lao time. */
export function laoDay(now: Date): string {
  return new Date(now.getTime() + LAO_OFFSET_MS).toISOString().slice(2, 10).replaceAll('-', '');
}

const countOrder = preparedStatement('count_order_of_day', (db) =>
  db
    .insert(orderSequences)
    .values({
      agencyId: sql.placeholder('agencyId'),
      prefix: sql.placeholder('prefix'),
      day: sql.placeholder('day'),
      last: 1,
    })
    .onConflictDoUpdate({
      target: [orderSequences.agencyId, orderSequences.prefix, orderSequences.day],
      set: { last: sql`${orderSequences.last} + 1` },
    })
    .returning({ last: orderSequences.last }),
);

/**
 * A new order code `<prefix><yymmdd><number of the day, ≥ 4 digits><2 random letters>`, e.g. `D2611210001AB`.
 * The number comes from a per-agency daily counter (one atomic upsert, so parallel orders never share
 * one); the letters keep codes of different agencies apart and make codes hard to guess. The code is
 * unique in the table; callers retry on the rare collision.
 */
export async function nextOrderCode(
  db: DbOrTx,
  agencyId: string,
  prefix: string,
  now: Date,
): Promise<string> {
  const day = laoDay(now);
  const [row] = await countOrder(db, { agencyId, prefix, day });
  if (!row) throw new Error('order sequence upsert returned nothing');
  const letters = Array.from({ length: 2 }, () => LETTERS[randomInt(LETTERS.length)]).join('');
  return `${prefix}${day}${String(row.last).padStart(4, '0')}${letters}`;
}

/** The provider and ledger reference of a deposit's credit. */
export const depositCreditReference = (code: string): string => `${code}:in`;
