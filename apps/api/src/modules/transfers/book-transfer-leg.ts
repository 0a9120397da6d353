import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { type TransferRow, type TTransferRowStatus, transfers } from '../../db/schema/transfers';
import { inTransitAccount, playerProviderAccount } from '../ledger/account-key';
import { type PostingEntry, postTransaction } from '../ledger/post-transaction';
import { legOf, legReference, type TransferLeg } from './transfer-reference';

/** The state a leg is booked from, and the state it leaves the transfer in. */
const STEPS: Record<TransferLeg, { from: TTransferRowStatus; to: TTransferRowStatus; memo: string }> = {
  out: { from: 'OUT_PENDING', to: 'IN_PENDING', memo: 'credit out, in transit' },
  in: { from: 'IN_PENDING', to: 'SUCCESS', memo: 'credit in' },
  back: { from: 'RETURNING', to: 'RETURNED', memo: 'credit returned' },
};

/**
 * The provider has applied a leg: books it as a TRANSFER under `<reference>:<leg>` and moves the transfer on,
 * in one database transaction. Each leg sums to zero on its own through the player's IN_TRANSIT account:
 * `out` takes the credit from `from` into transit, `in` from transit to `to`, `back` from transit to `from`.
 * Idempotent: only a transfer still waiting for that leg changes (the guarded update takes its row lock
 * first, so a second booking waits, then finds it moved on and posts nothing). `holdUntil` is when the worker
 * may next take a transfer left unfinished (null once it is done).
 */
export async function bookTransferLeg(
  db: Db,
  reference: string,
  leg: TransferLeg,
  now: Date,
  holdUntil: Date | null,
): Promise<TransferRow> {
  const step = STEPS[leg];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(transfers)
      .set({ status: step.to, attempts: 0, failure: null, nextAttemptAt: holdUntil, updatedAt: now })
      .where(and(eq(transfers.reference, reference), eq(transfers.status, step.from)))
      .returning();
    if (!row) return currentTransfer(tx, reference);
    const player = playerProviderAccount(row.playerId, legOf(row, leg).provider);
    const inTransit = inTransitAccount(row.playerId);
    const entries: PostingEntry[] =
      leg === 'out'
        ? [
            { account: player, amount: -row.amount },
            { account: inTransit, amount: row.amount },
          ]
        : [
            { account: inTransit, amount: -row.amount },
            { account: player, amount: row.amount },
          ];
    await postTransaction(tx, {
      agencyId: row.agencyId,
      kind: 'TRANSFER',
      reference: legReference(reference, leg),
      playerId: row.playerId,
      provider: legOf(row, leg).provider,
      memo: `transfer ${reference} ${row.fromProvider} → ${row.toProvider}: ${step.memo}`,
      at: now,
      entries,
    });
    return row;
  });
}

/**
 * Changes a transfer that is still `expected` (a guarded update: a parallel driver that moved it on wins) and
 * answers it as it stands afterwards.
 */
export async function changeTransfer(
  db: DbOrTx,
  reference: string,
  expected: TTransferRowStatus,
  set: Partial<Pick<TransferRow, 'status' | 'attempts' | 'failure' | 'nextAttemptAt' | 'updatedAt'>>,
): Promise<TransferRow> {
  const [row] = await db
    .update(transfers)
    .set(set.failure ? { ...set, failure: set.failure.slice(0, 500) } : set)
    .where(and(eq(transfers.reference, reference), eq(transfers.status, expected)))
    .returning();
  return row ?? currentTransfer(db, reference);
}

async function currentTransfer(db: DbOrTx, reference: string): Promise<TransferRow> {
  const [current] = await db.select().from(transfers).where(eq(transfers.reference, reference));
  if (!current) throw new Error(`transfer ${reference} vanished`);
  return current;
}
