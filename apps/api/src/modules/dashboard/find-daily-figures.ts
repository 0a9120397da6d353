import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows-of';

/** One Lao day's sums as selected (text: node-postgres and PGlite parse bigint sums differently). */
export type DailyFigure = { day: string; count: number; lak: string; thb: string; bonus: string };

// Lao time is UTC+7 all year: the day of an instant is its date at that offset (as laoDayRange).
const laoDay = (column: string) =>
  sql.raw(`to_char((${column} AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY-MM-DD')`);

/**
 * The dashboard's daily sums of one agency between two instants, in SQL on the indexes made for them
 * (deposits_agency_credited_idx, withdrawals_agency_decided_idx): deposits credited, withdrawals paid out.
 */
export async function findDailyFigures(
  db: DbOrTx,
  agencyId: string,
  range: { from: Date; to: Date },
): Promise<{ deposits: DailyFigure[]; withdrawals: DailyFigure[] }> {
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const [deposits, withdrawals] = await Promise.all([
    db.execute(sql`
      SELECT ${laoDay('credited_at')} AS day, count(*)::int AS count,
        sum(COALESCE(paid_amount, amount))::text AS lak, sum(credit)::text AS thb, sum(bonus)::text AS bonus
      FROM deposits
      WHERE agency_id = ${agencyId} AND status = 'SUCCESS'
        AND credited_at >= ${from}::timestamptz AND credited_at < ${to}::timestamptz
      GROUP BY 1`),
    // A bounced payout was paid out that day; the bank sending it back later is a movement of its own.
    db.execute(sql`
      SELECT ${laoDay('decided_at')} AS day, count(*)::int AS count,
        sum(payout_amount)::text AS lak, sum(credit_received)::text AS thb, '0' AS bonus
      FROM withdrawals
      WHERE agency_id = ${agencyId} AND status IN ('SUCCESS', 'BOUNCED', 'BOUNCE_RETURNING')
        AND decided_at >= ${from}::timestamptz AND decided_at < ${to}::timestamptz
      GROUP BY 1`),
  ]);
  return { deposits: rowsOf<DailyFigure>(deposits), withdrawals: rowsOf<DailyFigure>(withdrawals) };
}
