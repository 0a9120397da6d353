import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { DepositRow } from '../../db/schema/deposits';
import { perDatabase } from '../../lib/per-database';

// The OPEN deposits this process created and whose payment it has not seen yet, by the bank's bill id. The
// bank's webhook for a bill comes moments after the deposit was made, usually to the process that made it:
// the row as inserted then serves as the order the payment is classified against (record-bank-payment.ts's
// `seen`), sparing the webhook its read of the order. A remembered row may be stale (cancelled, expired or
// paid since, by another process too): the recording statement writes only if the order is still as seen,
// and otherwise decides again on the order as it is, exactly as for a row read a moment earlier.
const MAX_REMEMBERED = 2_000;
const rememberedOf = perDatabase((_db: Db) => new Map<string, DepositRow>());

/** Keeps a deposit just created OPEN (with a bank bill id) for its webhook. */
export function rememberOpenDeposit(app: FastifyInstance, row: DepositRow): void {
  if (row.status !== 'OPEN' || !row.bankBillId) return;
  const byBill = rememberedOf(app.db);
  if (byBill.size >= MAX_REMEMBERED) {
    // The oldest first (a Map keeps insertion order): its QR has expired long before two thousand newer ones.
    const oldest = byBill.keys().next().value;
    if (oldest !== undefined) byBill.delete(oldest);
  }
  byBill.set(row.bankBillId, row);
}

/**
 * Forgets the deposit of a bill once one of its payments is recorded (by a check, the worker or a webhook):
 * a webhook arriving after that reads the order and finds the payment kept, with no look-up at the bank.
 */
export function forgetRememberedDeposit(app: FastifyInstance, billNumber: string): void {
  rememberedOf(app.db).delete(billNumber);
}

/**
 * The deposit of a bill as this process created it, once: a webhook takes it and settles with it, so a
 * repeat of that webhook reads the order as it is. Undefined when not remembered here, or when its QR's
 * life has ended (`now` after its expiry: the order has likely moved, read it).
 */
export function takeRememberedDeposit(app: FastifyInstance, billNumber: string): DepositRow | undefined {
  const byBill = rememberedOf(app.db);
  const row = byBill.get(billNumber);
  if (!row) return undefined;
  byBill.delete(billNumber);
  return row.expiresAt.getTime() > app.now().getTime() ? row : undefined;
}
