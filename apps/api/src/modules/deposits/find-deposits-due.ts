import type { TOrderStatus } from '@lc/shared/contracts/orders';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deposits } from '../../db/schema/deposits';

// A claimed deposit is not offered to another worker for this long (the claim is a pushed next_attempt_at).
const CLAIM_MS = 60_000;

export type DueDeposit = { code: string; status: TOrderStatus };

/**
 * Claims up to `limit` deposits the worker must act on: PAID ones whose credit retry is due (→ settleDeposit)
 * and OPEN ones past their expiry (→ expireDeposit). Rows are picked with `FOR UPDATE SKIP LOCKED` and their
 * `next_attempt_at` pushed a minute ahead in the same transaction, so any number of workers never pick the
 * same deposit twice; a failed attempt sets its own retry time.
 */
export async function findDepositsDue(db: Db, now: Date, limit: number): Promise<DueDeposit[]> {
  return db.transaction(async (tx) => {
    const isDue = or(isNull(deposits.nextAttemptAt), lte(deposits.nextAttemptAt, now));
    const rows = await tx
      .select({ code: deposits.code, status: deposits.status })
      .from(deposits)
      .where(
        or(
          and(
            eq(deposits.status, 'PAID'),
            eq(deposits.isAmountMismatch, false),
            lte(deposits.nextAttemptAt, now),
          ),
          and(eq(deposits.status, 'OPEN'), lte(deposits.expiresAt, now), isDue),
        ),
      )
      .orderBy(asc(sql`coalesce(${deposits.nextAttemptAt}, ${deposits.expiresAt})`))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    await tx
      .update(deposits)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
      .where(
        inArray(
          deposits.code,
          rows.map((r) => r.code),
        ),
      );
    return rows;
  });
}
