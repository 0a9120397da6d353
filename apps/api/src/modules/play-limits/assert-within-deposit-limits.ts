import { LIMIT_PERIOD_MS, LIMIT_PERIODS, type TLimitPeriod } from '@lc/shared/contracts/play-limits';
import { formatMinor } from '@lc/shared/money';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deposits } from '../../db/schema/deposits';
import { AppError } from '../../lib/app-error';
import type { DepositLimits } from './deposit-limits';

/** What the rolling sums count (api.md): money paid or on its way. */
const COUNTED_STATUSES = ['SUCCESS', 'OPEN', 'PAID'] as const;

/** The player's deposits (whole kip) over the rolling 24 h, 7 d and 30 d before `now`, in one statement. */
export async function sumRecentDeposits(
  db: DbOrTx,
  playerId: string,
  now: Date,
): Promise<Record<TLimitPeriod, bigint>> {
  const since = (period: TLimitPeriod) => new Date(now.getTime() - LIMIT_PERIOD_MS[period]);
  const sumSince = (period: TLimitPeriod) => {
    const from = since(period).toISOString();
    return sql<string>`coalesce(sum(${deposits.amount})
      FILTER (WHERE ${deposits.createdAt} > ${from}::timestamptz), 0)::text`;
  };
  const [row] = await db
    .select({ daily: sumSince('daily'), weekly: sumSince('weekly'), monthly: sumSince('monthly') })
    .from(deposits)
    .where(
      and(
        eq(deposits.playerId, playerId),
        inArray(deposits.status, [...COUNTED_STATUSES]),
        gt(deposits.createdAt, since('monthly')),
      ),
    );
  return {
    daily: BigInt(row?.daily ?? '0'),
    weekly: BigInt(row?.weekly ?? '0'),
    monthly: BigInt(row?.monthly ?? '0'),
  };
}

/**
 * Refuses a deposit of `amount` kip that would take any rolling sum over its limit: 409
 * DEPOSIT_LIMIT_REACHED with the period that leaves the least and what it leaves (`params.remaining`, LAK).
 * Run it after `lockPlayerLimits` in the transaction that inserts the deposit, so parallel deposits cannot
 * each see room the other takes.
 */
export async function assertWithinDepositLimits(
  db: DbOrTx,
  playerId: string,
  limits: DepositLimits,
  amount: bigint,
  now: Date,
): Promise<void> {
  const sums = await sumRecentDeposits(db, playerId, now);
  let tightest: { period: TLimitPeriod; remaining: bigint } | null = null;
  for (const period of LIMIT_PERIODS) {
    const limit = limits[period];
    if (limit === null) continue;
    const left = limit - sums[period];
    const remaining = left > 0n ? left : 0n;
    if (tightest === null || remaining < tightest.remaining) tightest = { period, remaining };
  }
  if (tightest && amount > tightest.remaining) {
    throw new AppError(
      409,
      'DEPOSIT_LIMIT_REACHED',
      'The deposit would go over your own deposit limit',
      undefined,
      undefined,
      { period: tightest.period, remaining: formatMinor(tightest.remaining, 'LAK') },
    );
  }
}
