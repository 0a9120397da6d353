import { eq, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BankPayment } from '../../adapters/payments/payment-gateway';
import type { DbOrTx } from '../../db/client';
import { fromDriverRow } from '../../db/from-driver-row';
import { preparedSql } from '../../db/prepared-statement';
import { rowsOf } from '../../db/rows-of';
import { bankPayments } from '../../db/schema/bank-payments';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { forgetRememberedDeposit } from '../deposits/recent-open-deposits';
import { classifyPayment, type PaymentVerdict } from './classify-payment';

/** What recording found: the payment's order as it stands, and whether this call claimed its credit. */
export type RecordedPayment = { deposit: DepositRow | null; isClaimed: boolean };

/** The order a payment belongs to (before it is recorded) and whether its bank reference is recorded already. */
export type PaymentOrder = { deposit: DepositRow | null; isRecorded: boolean };

/**
 * The order a payment's bill belongs to: by the bill id in the QR, else by its reference (62/05, the order
 * code). A bill id and a code never name two different orders, but should they, the bill id wins. The same
 * rule in the query builder (here) and in the prepared statements below (`find_payment_order`, and `target`
 * in the recording statement).
 */
function paymentOrderWhere(payment: BankPayment): SQL | undefined {
  const byBill = eq(deposits.bankBillId, payment.billNumber);
  return payment.reference ? or(byBill, eq(deposits.code, payment.reference)) : byBill;
}

const billFirst = (payment: BankPayment): SQL =>
  sql`${eq(deposits.bankBillId, payment.billNumber)} DESC NULLS LAST`;

/** The payment's order, locked. */
async function lockDepositOfPayment(tx: DbOrTx, payment: BankPayment): Promise<DepositRow | null> {
  const [row] = await tx
    .select()
    .from(deposits)
    .where(paymentOrderWhere(payment))
    .orderBy(billFirst(payment))
    .limit(1)
    .for('update');
  return row ?? null;
}

const p = (name: string) => sql.placeholder(name);

/**
 * The payment's order by the rule of {@link paymentOrderWhere} (a null reference matches no code) and whether
 * the bank reference is kept: prepared, as every webhook runs it.
 */
const paymentOrderStatement = preparedSql(
  'find_payment_order',
  sql`SELECT ${deposits}.*, EXISTS (SELECT 1 FROM ${bankPayments}
      WHERE ${bankPayments.bankReference} = ${p('bankReference')}::text) AS is_recorded
    FROM ${deposits}
    WHERE bank_bill_id = ${p('billNumber')}::text OR code = ${p('reference')}::text
    ORDER BY (bank_bill_id = ${p('billNumber')}::text) DESC NULLS LAST LIMIT 1`,
);

/**
 * A reported payment's order as it stands (not locked) and whether the bank reference is recorded already,
 * in one statement: a webhook for a payment kept before needs no look-up at the bank, and one for a new
 * payment records it with {@link recordBankPayment}'s `seen`. No order (an unknown bill, rare): isRecorded
 * is not asked and answers false, so such a payment goes the whole way again (recording it is still once).
 */
export async function findPaymentOrder(db: DbOrTx, payment: BankPayment): Promise<PaymentOrder> {
  const result = await paymentOrderStatement(db, {
    bankReference: payment.bankReference,
    billNumber: payment.billNumber,
    reference: payment.reference,
  });
  const [found] = rowsOf<Record<string, unknown> & { is_recorded: boolean }>(result);
  if (!found) return { deposit: null, isRecorded: false };
  return { deposit: fromDriverRow(deposits, found), isRecorded: found.is_recorded === true };
}

/** How the verdict moves the order: to PAID (matched, or flagged for staff), marked late-paid, or not at all. */
type OrderMove = 'paid' | 'latePaid' | 'none';

function moveOf(verdict: PaymentVerdict): OrderMove {
  if (verdict.status === 'MATCHED' || verdict.reason === 'AMOUNT_MISMATCH') return 'paid';
  if (verdict.reason === 'LATE' || verdict.reason === 'PAID_OUTSIDE_ORDER') return 'latePaid';
  return 'none';
}

const ORDER_UPDATES: Record<Exclude<OrderMove, 'none'>, SQL> = {
  paid: sql`status = 'PAID', paid_at = ${p('paidAt')}::timestamptz, bank_reference = ${p('bankReference')}::text,
    paid_amount = ${p('amount')}::bigint, amount_mismatch = ${p('isAmountMismatch')}::boolean,
    last_error = ${p('lastError')}::text, next_attempt_at = ${p('nextAttemptAt')}::timestamptz,
    credit_lease_until = ${p('creditLeaseUntil')}::timestamptz, updated_at = ${p('now')}::timestamptz`,
  latePaid: sql`late_paid = true, updated_at = ${p('now')}::timestamptz`,
};

/**
 * One statement, one round trip: finds and locks the payment's order as {@link lockDepositOfPayment} does,
 * and only if it is still the order the verdict was reached on (`seen`: same row, status, amount and expiry;
 * none for an unknown bill) keeps the payment (a bank reference kept before inserts nothing) and, if it was
 * kept, moves the order. Answers whether the order was unchanged, whether the payment was kept, and the
 * order's row as the lock found it (before the move).
 */
function recordingSql(move: OrderMove): SQL {
  const moved =
    move === 'none'
      ? sql``
      : sql`, moved AS (
          UPDATE ${deposits} SET ${ORDER_UPDATES[move]}
          FROM kept WHERE ${deposits.id} = ${p('seenId')}::uuid
        )`;
  return sql`
    WITH target AS MATERIALIZED (
      SELECT * FROM ${deposits}
      WHERE bank_bill_id = ${p('billNumber')}::text OR code = ${p('reference')}::text
      ORDER BY (bank_bill_id = ${p('billNumber')}::text) DESC NULLS LAST LIMIT 1
      FOR UPDATE
    ), unchanged AS MATERIALIZED (
      SELECT 1 WHERE CASE WHEN ${p('seenId')}::uuid IS NULL THEN NOT EXISTS (SELECT 1 FROM target)
        ELSE EXISTS (SELECT 1 FROM target WHERE id = ${p('seenId')}::uuid AND status = ${p('seenStatus')}::text
          AND amount = ${p('seenAmount')}::bigint AND expires_at = ${p('seenExpiresAt')}::timestamptz) END
    ), kept AS (
      INSERT INTO ${bankPayments} (agency_id, bank_reference, bill_number, reference, amount, paid_at,
        received_at, status, reason, deposit_id, player_id)
      SELECT ${p('agencyId')}::uuid, ${p('bankReference')}::text, ${p('billNumber')}::text,
        ${p('reference')}::text, ${p('amount')}::bigint, ${p('paidAt')}::timestamptz, ${p('now')}::timestamptz,
        ${p('status')}::text, ${p('reason')}::text, ${p('seenId')}::uuid, ${p('playerId')}::uuid
      FROM unchanged
      ON CONFLICT (bank_reference) DO NOTHING
      RETURNING id
    )${moved}
    SELECT (SELECT count(*) FROM unchanged)::int AS unchanged, (SELECT count(*) FROM kept)::int AS kept,
      target.*
    FROM (SELECT 1) AS one LEFT JOIN target ON true`;
}

const recordingStatements: Record<OrderMove, ReturnType<typeof preparedSql>> = {
  paid: preparedSql('record_bank_payment_paid', recordingSql('paid')),
  latePaid: preparedSql('record_bank_payment_late', recordingSql('latePaid')),
  none: preparedSql('record_bank_payment', recordingSql('none')),
};

/** What one recording statement did: recorded, or (the order was no longer as seen) the order as it is now. */
type Attempt = { recorded: RecordedPayment } | { recorded: null; current: DepositRow | null };

/**
 * Classifies the payment against `seen` and records it in one statement, unless the order is no longer
 * `seen` (then nothing is written and the answer has the order as the statement's lock found it). The order
 * as recording left it is built here from what the statement wrote, as post-transaction's callers do.
 */
async function recordAgainst(
  db: DbOrTx,
  payment: BankPayment,
  seen: DepositRow | null,
  now: Date,
  leaseUntil: Date,
): Promise<Attempt> {
  const verdict = classifyPayment(seen, payment, now);
  const move = seen ? moveOf(verdict) : 'none';
  const isMatched = verdict.status === 'MATCHED';
  const paid = {
    status: 'PAID' as const,
    paidAt: payment.paidAt,
    bankReference: payment.bankReference,
    paidAmount: payment.amount,
    isAmountMismatch: !isMatched,
    lastError: isMatched ? null : 'AMOUNT_MISMATCH',
    // Due for crediting at once: if this process dies before crediting, the worker picks it up (once the
    // lease has run out).
    nextAttemptAt: isMatched ? now : null,
    creditLeaseUntil: isMatched ? leaseUntil : null,
    updatedAt: now,
  };
  const result = await recordingStatements[move](db, {
    billNumber: payment.billNumber,
    reference: payment.reference,
    bankReference: payment.bankReference,
    amount: payment.amount.toString(),
    paidAt: payment.paidAt.toISOString(),
    now: now.toISOString(),
    status: verdict.status,
    reason: verdict.reason,
    agencyId: seen?.agencyId ?? null,
    playerId: seen?.playerId ?? null,
    seenId: seen?.id ?? null,
    seenStatus: seen?.status ?? null,
    seenAmount: seen?.amount.toString() ?? null,
    seenExpiresAt: seen?.expiresAt.toISOString() ?? null,
    isAmountMismatch: paid.isAmountMismatch,
    lastError: paid.lastError,
    nextAttemptAt: paid.nextAttemptAt?.toISOString() ?? null,
    creditLeaseUntil: paid.creditLeaseUntil?.toISOString() ?? null,
  });
  const [row] = rowsOf<{ unchanged: number; kept: number; id: string | null }>(result);
  if (!row) throw new Error('recording a bank payment answered no row');
  const current = row.id === null ? null : fromDriverRow(deposits, row);
  if (!row.unchanged) return { recorded: null, current };
  const unmoved = { deposit: current, isClaimed: false };
  if (!row.kept || !current || move === 'none') return { recorded: unmoved };
  if (move === 'paid') return { recorded: { deposit: { ...current, ...paid }, isClaimed: isMatched } };
  return { recorded: { deposit: { ...current, isLatePaid: true, updatedAt: now }, isClaimed: false } };
}

// Optimistic recordings before the order is locked for the decision: each failed one only means the order
// moved (a check and the webhook of one payment arrive together), and the next decides on its new state.
const OPTIMISTIC_ATTEMPTS = 3;

/**
 * Keeps a payment the bank reported (webhook or look-up) once, whatever state its order is in, and moves
 * the order as the payment says (domain.md, When money leaves the happy path, rule 1), under the order's row
 * lock so a cancel, an expiry or another report cannot slip in between:
 * - MATCHED: OPEN → PAID, and this caller takes the credit lease (until `leaseUntil`) to credit it;
 * - AMOUNT_MISMATCH: OPEN → PAID flagged for staff, never credited automatically;
 * - LATE / PAID_OUTSIDE_ORDER: the order is marked late-paid for staff (it stays as it is);
 * - DUPLICATE / UNKNOWN_BILL: only kept, for staff.
 * A payment already recorded (same bank reference) changes nothing. With `seen` (the order as the caller
 * read it, unlocked) it is one statement that writes only if the order is still as seen, tried again on the
 * order as it then is; without it, or when the order kept moving, a transaction locks the order first and
 * decides on it.
 */
export async function recordBankPayment(
  app: FastifyInstance,
  payment: BankPayment,
  leaseUntil: Date,
  seen?: DepositRow | null,
): Promise<RecordedPayment> {
  const now = app.now();
  let recorded: RecordedPayment | null = null;
  let order = seen;
  for (let attempt = 0; order !== undefined && !recorded && attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
    const tried = await recordAgainst(app.db, payment, order, now, leaseUntil);
    recorded = tried.recorded;
    if (tried.recorded) break;
    order = tried.current;
    // The order took this payment's reference in between: someone else recorded it (a check and the
    // webhook of one payment arrive together), there is nothing left to write.
    if (order?.bankReference === payment.bankReference) recorded = { deposit: order, isClaimed: false };
  }
  recorded ??= await app.db.transaction(async (tx) => {
    const locked = await lockDepositOfPayment(tx, payment);
    const underLock = await recordAgainst(tx, payment, locked, now, leaseUntil);
    if (!underLock.recorded)
      throw new Error(`bank payment ${payment.bankReference}: its order moved under lock`);
    return underLock.recorded;
  });
  forgetRememberedDeposit(app, payment.billNumber);
  if (
    recorded.deposit?.isAmountMismatch &&
    !recorded.isClaimed &&
    recorded.deposit.bankReference === payment.bankReference
  ) {
    app.log.warn(
      {
        code: recorded.deposit.code,
        expected: recorded.deposit.amount.toString(),
        paid: payment.amount.toString(),
      },
      'deposit paid with another amount: left for staff',
    );
  }
  return recorded;
}
