import type { TPageQuery } from '@lc/shared/contracts/common';
import type { TOpsWithdrawalsQuery, TOpsWithdrawalsResponse } from '@lc/shared/contracts/ops-withdrawals';
import type { TWithdrawPage } from '@lc/shared/contracts/withdrawals';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { players } from '../../db/schema/players';
import { UNSETTLED_WITHDRAWAL_STATUSES, type WithdrawalRow, withdrawals } from '../../db/schema/withdrawals';
import { toOpsWithdrawalDto } from './to-ops-withdrawal-dto';
import { toWithdrawRecord } from './to-withdraw-record';

// By the order's unique code alone, the agency compared on the row: with `agency_id = $1` in the WHERE clause
// as well, a table without statistics yet (a new database's first minute, before autovacuum's first ANALYZE)
// was read through an agency index, every withdrawal of the agency for each approve (bench:money, 900 rows
// read per call). The code's index is then the only one a plan can use.
const ofAgency = (row: WithdrawalRow | undefined, agencyId: string): WithdrawalRow | null =>
  row && row.agencyId === agencyId ? row : null;

/** A withdrawal by code within an agency (ops), or null (another agency's code too). */
export async function findWithdrawal(
  db: DbOrTx,
  agencyId: string,
  code: string,
): Promise<WithdrawalRow | null> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.code, code));
  return ofAgency(row, agencyId);
}

// Every approve, reject and bounce starts with it: prepared once per connection.
const selectForUpdate = preparedStatement('lock_withdrawal', (db) =>
  db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.code, sql.placeholder('code')))
    .for('update'),
);

/**
 * `findWithdrawal`, locked `FOR UPDATE` inside the caller's transaction: state changes start here. Another
 * agency's order is locked for the moment of the caller's transaction and answered null, as a missing one.
 */
export async function lockWithdrawal(
  db: DbOrTx,
  agencyId: string,
  code: string,
): Promise<WithdrawalRow | null> {
  const [row] = await selectForUpdate(db, { code });
  return ofAgency(row, agencyId);
}

/** The player's withdrawals, newest first, one page. */
export async function listOwnWithdrawals(
  db: DbOrTx,
  playerId: string,
  page: TPageQuery,
): Promise<TWithdrawPage> {
  const where = eq(withdrawals.playerId, playerId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.code))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: count() }).from(withdrawals).where(where),
  ]);
  return {
    items: rows.map(toWithdrawRecord),
    page: page.page,
    pageSize: page.pageSize,
    total: total?.value ?? 0,
  };
}

/** The player's unsettled withdrawal (at most one: a unique index), as a list. */
export async function listOpenWithdrawals(db: DbOrTx, playerId: string): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.playerId, playerId),
        inArray(withdrawals.status, [...UNSETTLED_WITHDRAWAL_STATUSES]),
      ),
    )
    .orderBy(desc(withdrawals.createdAt));
}

/** Ops: the agency's withdrawals, optionally of one status and/or one player, newest first. */
export async function listOpsWithdrawals(
  db: DbOrTx,
  agencyId: string,
  query: TOpsWithdrawalsQuery,
): Promise<TOpsWithdrawalsResponse> {
  const filters: SQL[] = [eq(withdrawals.agencyId, agencyId)];
  if (query.status) filters.push(eq(withdrawals.status, query.status));
  // The player's page: withdrawals_player_idx (player, created_at) serves it.
  if (query.playerId) filters.push(eq(withdrawals.playerId, query.playerId));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({ withdrawal: withdrawals, username: players.username })
      .from(withdrawals)
      .innerJoin(players, eq(players.id, withdrawals.playerId))
      .where(where)
      .orderBy(
        ...(query.order === 'oldest'
          ? [asc(withdrawals.createdAt), asc(withdrawals.code)]
          : [desc(withdrawals.createdAt), desc(withdrawals.code)]),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(withdrawals).where(where),
  ]);
  return {
    items: rows.map((r) => toOpsWithdrawalDto(r.withdrawal, r.username)),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  };
}

/** The username of a withdrawal's player (ops answers show it). */
export async function usernameOf(db: DbOrTx, playerId: string): Promise<string> {
  const [row] = await db.select({ username: players.username }).from(players).where(eq(players.id, playerId));
  return row?.username ?? '';
}
