import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deposits } from '../../db/schema/deposits';

/**
 * Deposit states whose usage is still waiting on them: on the way (OPEN, PAID) or paid but not credited
 * (FAILED, which staff may still complete with its bonus; domain.md rule 4). The same set as the
 * `deposits_one_per_usage_uq` index, less SUCCESS.
 */
export const UNFINISHED_DEPOSIT_STATUSES = ['OPEN', 'PAID', 'FAILED'] as const;

/** True when a deposit made for the usage is unfinished: the usage can be neither cancelled nor ended. */
export async function hasUnfinishedDeposit(db: DbOrTx, usageId: string): Promise<boolean> {
  const [row] = await db
    .select({ code: deposits.code })
    .from(deposits)
    .where(
      and(eq(deposits.promotionUsageId, usageId), inArray(deposits.status, [...UNFINISHED_DEPOSIT_STATUSES])),
    )
    .limit(1);
  return row !== undefined;
}
