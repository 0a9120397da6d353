import type { TOpsDepositsQuery, TOpsDepositsResponse } from '@lc/shared/contracts/ops-deposits';
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deposits } from '../../db/schema/deposits';
import { players } from '../../db/schema/players';
import { toOpsDepositDto } from './to-ops-deposit-dto';

/** Ops: a page of the agency's deposits, filtered and sorted as the deposits table asks (newest first). */
export async function listOpsDeposits(
  db: DbOrTx,
  agencyId: string,
  query: TOpsDepositsQuery,
): Promise<TOpsDepositsResponse> {
  const filters: SQL[] = [eq(deposits.agencyId, agencyId)];
  if (query.status) filters.push(eq(deposits.status, query.status));
  if (query.playerId) filters.push(eq(deposits.playerId, query.playerId));
  if (query.code) filters.push(eq(deposits.code, query.code));
  if (query.from) filters.push(gte(deposits.createdAt, new Date(query.from)));
  if (query.to) filters.push(lt(deposits.createdAt, new Date(query.to)));
  const where = and(...filters);
  // The code breaks ties, so pages never repeat or skip a row (and matches the agency indexes' last column).
  const order = {
    '-createdAt': [desc(deposits.createdAt), desc(deposits.code)],
    createdAt: [asc(deposits.createdAt), asc(deposits.code)],
    '-amount': [desc(deposits.amount), desc(deposits.code)],
    amount: [asc(deposits.amount), asc(deposits.code)],
  }[query.sort ?? '-createdAt'];
  const [rows, [total]] = await Promise.all([
    db
      .select({ deposit: deposits, username: players.username })
      .from(deposits)
      .innerJoin(players, eq(players.id, deposits.playerId))
      .where(where)
      .orderBy(...order)
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
