import type { TPageQuery } from '@lc/shared/contracts/common';
import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type ReconciliationRunRow, reconciliationRuns as runs } from '../../db/schema/reconciliation';

/** The agency's stored runs, newest first, a page at a time. */
export async function listReconciliationRuns(
  db: DbOrTx,
  agencyId: string,
  page: TPageQuery,
): Promise<{ rows: ReconciliationRunRow[]; total: number }> {
  const [rows, [all]] = await Promise.all([
    db
      .select()
      .from(runs)
      .where(eq(runs.agencyId, agencyId))
      .orderBy(desc(runs.seq))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(runs).where(eq(runs.agencyId, agencyId)),
  ]);
  return { rows, total: all?.total ?? 0 };
}
