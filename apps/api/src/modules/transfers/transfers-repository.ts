import type { TPageQuery } from '@lc/shared/contracts/common';
import type { TTransferPage } from '@lc/shared/contracts/transfers';
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type TransferRow, transfers } from '../../db/schema/transfers';
import { toTransferRecord } from './to-transfer-record';

/** A transfer by its reference, or null. */
export async function findTransfer(db: DbOrTx, reference: string): Promise<TransferRow | null> {
  const [row] = await db.select().from(transfers).where(eq(transfers.reference, reference));
  return row ?? null;
}

/** The transfer the player made under an Idempotency-Key, or null. */
export async function findTransferByKey(
  db: DbOrTx,
  playerId: string,
  key: string,
): Promise<TransferRow | null> {
  const [row] = await db
    .select()
    .from(transfers)
    .where(and(eq(transfers.playerId, playerId), eq(transfers.idempotencyKey, key)));
  return row ?? null;
}

/** The player's transfers, newest first, one page (transfers_player_idx serves it). */
export async function listOwnTransfers(
  db: DbOrTx,
  playerId: string,
  page: TPageQuery,
): Promise<TTransferPage> {
  const where = eq(transfers.playerId, playerId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(transfers)
      .where(where)
      .orderBy(desc(transfers.createdAt), desc(transfers.reference))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: count() }).from(transfers).where(where),
  ]);
  return {
    items: rows.map(toTransferRecord),
    page: page.page,
    pageSize: page.pageSize,
    total: total?.value ?? 0,
  };
}
