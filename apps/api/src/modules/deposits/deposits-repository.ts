import type { TPageQuery } from '@lc/shared/contracts/common';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { batchedLookup } from '../../lib/batched-lookup';
import { perDatabase } from '../../lib/per-database';

const CODE = /^[A-Z0-9]{1,40}$/;

const selectByCode = preparedStatement('find_deposit_by_code', (db) =>
  db
    .select()
    .from(deposits)
    .where(eq(deposits.code, sql.placeholder('code'))),
);

/** A deposit by code, or null. */
export async function findDepositByCode(db: DbOrTx, code: string): Promise<DepositRow | null> {
  if (!CODE.test(code)) return null;
  const [row] = await selectByCode(db, { code });
  return row ?? null;
}

// A player's check reads the order first, and under load many checks arrive together: their reads share one
// statement (batched-lookup.ts), the owner compared on the row.
const byCodesOf = perDatabase((db: Db) => {
  const statement = db
    .select()
    .from(deposits)
    .where(sql`${deposits.code} = ANY(${sql.placeholder('codes')}::text[])`)
    .prepare('find_deposits_by_codes');
  return batchedLookup(
    (codes) => statement.execute({ codes }),
    (row) => row.code,
    (code) => selectByCode(db, { code }),
  );
});

/** The player's own deposit by code, or null when it is missing or someone else's (callers answer 404). */
export async function findOwnDeposit(db: Db, playerId: string, code: string): Promise<DepositRow | null> {
  if (!CODE.test(code)) return null;
  const [row] = await byCodesOf(db).load(code);
  return row?.playerId === playerId ? row : null;
}

/** Locks a deposit row for the rest of the transaction (`SELECT … FOR UPDATE`). */
export async function lockDeposit(tx: DbOrTx, code: string): Promise<DepositRow | null> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.code, code)).for('update');
  return row ?? null;
}

/** A page of the player's deposits, newest first. */
export async function listDeposits(
  db: DbOrTx,
  playerId: string,
  page: TPageQuery,
): Promise<{ rows: DepositRow[]; total: number }> {
  const rows = await db
    .select()
    .from(deposits)
    .where(eq(deposits.playerId, playerId))
    .orderBy(desc(deposits.createdAt), desc(deposits.code))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db.select({ value: count() }).from(deposits).where(eq(deposits.playerId, playerId));
  return { rows, total: total?.value ?? 0 };
}

const selectOpen = preparedStatement('list_open_deposits', (db) =>
  db
    .select()
    .from(deposits)
    .where(and(eq(deposits.playerId, sql.placeholder('playerId')), eq(deposits.status, 'OPEN')))
    .orderBy(desc(deposits.createdAt)),
);

/** The player's OPEN deposits (at most one: a partial unique index). */
export async function listOpenDeposits(db: DbOrTx, playerId: string): Promise<DepositRow[]> {
  return selectOpen(db, { playerId });
}
