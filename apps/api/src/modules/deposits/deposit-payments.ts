import type { TDepositReview } from '@lc/shared/contracts/deposits';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bankPayments, type TBankPaymentReason } from '../../db/schema/bank-payments';
import type { DepositRow } from '../../db/schema/deposits';

/**
 * What the bank reported for an order, as the player is told (`DepositRecord`, docs/decisions/0074): the kip paid (summed),
 * why staff must act on one of its payments, and the kip staff refunded (docs/decisions/0074).
 */
export type DepositPayments = { paid: bigint | null; review: TDepositReview | null; refunded: bigint | null };

/** A waiting payment's reason as the player reads it: paid outside the order's life is paid late too. */
const REVIEW_OF: Record<TBankPaymentReason, TDepositReview | null> = {
  AMOUNT_MISMATCH: 'AMOUNT_MISMATCH',
  LATE: 'LATE',
  PAID_OUTSIDE_ORDER: 'LATE',
  DUPLICATE: 'DUPLICATE',
  UNKNOWN_BILL: null,
};

// A waiting payment of another amount says more than one paid late or twice: it is the one named first.
const REVIEW_RANK: TDepositReview[] = ['AMOUNT_MISMATCH', 'DUPLICATE', 'LATE'];

/** An order none of whose payments can exist: OPEN, with no payment kept against it yet. */
function hasNoPayments(row: DepositRow): boolean {
  return row.status === 'OPEN' && !row.isLatePaid;
}

/**
 * The payments of the orders' bills, summed per order, in one statement (none for orders that can have
 * none, so opening a deposit costs nothing more). A payment staff credited to another order (a second
 * payment of a bill, made a deposit of its own) is that order's: it is counted there, from that order's
 * paid amount, so no kip shows twice.
 */
export async function depositPaymentsOf(
  db: DbOrTx,
  rows: DepositRow[],
): Promise<Map<string, DepositPayments>> {
  const byId = new Map<string, DepositPayments>();
  const looked = rows.filter((row) => !hasNoPayments(row));
  if (looked.length === 0) return byId;
  const ids = looked.map((row) => row.id);
  // A deposit staff made for a payment has no bill of its own: what was paid is its row's paid amount.
  const madeByStaff = new Set(looked.filter((row) => row.bankBillId === null).map((row) => row.id));
  for (const row of looked) {
    byId.set(row.id, { paid: madeByStaff.has(row.id) ? row.paidAmount : null, review: null, refunded: null });
  }
  const payments = await db
    .select({
      depositId: bankPayments.depositId,
      creditedDepositId: bankPayments.creditedDepositId,
      amount: bankPayments.amount,
      status: bankPayments.status,
      reason: bankPayments.reason,
    })
    .from(bankPayments)
    .where(inArray(bankPayments.depositId, ids));
  for (const payment of payments) {
    if (!payment.depositId) continue;
    if (payment.creditedDepositId && payment.creditedDepositId !== payment.depositId) continue;
    const summary = byId.get(payment.depositId);
    if (!summary) continue;
    if (!madeByStaff.has(payment.depositId)) summary.paid = (summary.paid ?? 0n) + payment.amount;
    if (payment.status === 'REFUNDED') summary.refunded = (summary.refunded ?? 0n) + payment.amount;
    const review = payment.status === 'UNMATCHED' && payment.reason ? REVIEW_OF[payment.reason] : null;
    if (review && (!summary.review || REVIEW_RANK.indexOf(review) < REVIEW_RANK.indexOf(summary.review))) {
      summary.review = review;
    }
  }
  return byId;
}

/** {@link depositPaymentsOf} of one order. */
export async function depositPaymentsOfOne(
  db: DbOrTx,
  row: DepositRow,
): Promise<DepositPayments | undefined> {
  return (await depositPaymentsOf(db, [row])).get(row.id);
}
