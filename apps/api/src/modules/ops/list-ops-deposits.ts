import type { TOpsDepositsQuery, TOpsDepositsResponse } from '@lc/shared/contracts/ops-deposits';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deposits } from '../../db/schema/deposits';
import { players } from '../../db/schema/players';
import { toOpsDepositDto } from './to-ops-deposit-dto';

/** Ops: the agency's deposits, optionally of one status, newest first. */
export async function listOpsDeposits(
  db: DbOrTx,
  agencyId: string,
  query: TOpsDepositsQuery,
): Promise<TOpsDepositsResponse> {
  const filters: SQL[] = [eq(deposits.agencyId, agencyId)];
  if (query.status) filters.push(eq(deposits.status, query.status));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({ deposit: deposits, username: players.username })
      .from(deposits)
      .innerJoin(players, eq(players.id, deposits.playerId))
      .where(where)
      .orderBy(desc(deposits.createdAt), desc(deposits.code))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(deposits).where(where),
  ]);
  return {
    items: rows.map((r) => toOpsDepositDto(r.deposit, r.username)),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  };
}
