import type { TApprovalStatus } from '@lc/shared/contracts/ops-approvals';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ApprovalRow, approvals } from '../../db/schema/approvals';

/** The agency's requests, oldest first (the queue order), optionally of one status. */
export async function listApprovals(
  db: Db,
  agencyId: string,
  query: { status?: TApprovalStatus | undefined; page: number; pageSize: number },
): Promise<{ items: ApprovalRow[]; total: number }> {
  const conditions: SQL[] = [eq(approvals.agencyId, agencyId)];
  if (query.status) conditions.push(eq(approvals.status, query.status));
  const where = and(...conditions);
  const [items, [totals]] = await Promise.all([
    db
      .select()
      .from(approvals)
      .where(where)
      .orderBy(asc(approvals.createdAt), asc(approvals.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(approvals).where(where),
  ]);
  return { items, total: totals?.total ?? 0 };
}
