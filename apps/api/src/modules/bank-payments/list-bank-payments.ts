import type {
  TBankPaymentsQuery,
  TDepositPayment,
  TOpsBankPayment,
} from '@lc/shared/contracts/ops-bank-payments';
import { formatMinor } from '@lc/shared/money';
import { and, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { type BankPaymentRow, bankPayments } from '../../db/schema/bank-payments';
import { deposits } from '../../db/schema/deposits';
import { players } from '../../db/schema/players';

const order = alias(deposits, 'order_deposit');
const credited = alias(deposits, 'credited_deposit');

/**
 * The operators' view of a payment, with the codes of its order and of the deposit that credited it, and its
 * player's username (a cashier knows players by name, not by id).
 */
export function toOpsBankPaymentDto(
  row: BankPaymentRow,
  joined: { depositCode: string | null; creditedDepositCode: string | null; username: string | null },
): TOpsBankPayment {
  return {
    id: row.id,
    bankReference: row.bankReference,
    billNumber: row.billNumber,
    reference: row.reference,
    amount: formatMinor(row.amount, 'LAK'),
    paidAt: row.paidAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    status: row.status,
    reason: row.reason,
    depositCode: joined.depositCode,
    creditedDepositCode: joined.creditedDepositCode,
    playerId: row.playerId,
    username: joined.username,
    refundReference: row.refundReference,
    resolvedBy: row.resolvedBy,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** A payment with its order's and credited deposit's codes and its player's username, as the DTO wants. */
const withCodes = (db: DbOrTx) =>
  db
    .select({
      payment: bankPayments,
      depositCode: order.code,
      creditedDepositCode: credited.code,
      username: players.username,
    })
    .from(bankPayments)
    .leftJoin(order, eq(order.id, bankPayments.depositId))
    .leftJoin(credited, eq(credited.id, bankPayments.creditedDepositId))
    .leftJoin(players, eq(players.id, bankPayments.playerId));

/** Payments the agency's staff see: its own, and those whose bill no agency issued. */
const visibleTo = (agencyId: string): SQL | undefined =>
  or(eq(bankPayments.agencyId, agencyId), isNull(bankPayments.agencyId));

/** A page of the agency's bank payments, newest first, optionally of one status (the unmatched queue). */
export async function listBankPayments(
  db: DbOrTx,
  agencyId: string,
  query: TBankPaymentsQuery,
): Promise<{ items: TOpsBankPayment[]; page: number; pageSize: number; total: number }> {
  const where = and(visibleTo(agencyId), query.status ? eq(bankPayments.status, query.status) : undefined);
  const rows = await withCodes(db)
    .where(where)
    .orderBy(desc(bankPayments.receivedAt), desc(bankPayments.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ value: count() }).from(bankPayments).where(where);
  return {
    items: rows.map((r) => toOpsBankPaymentDto(r.payment, r)),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  };
}

/** One payment as the list shows it. */
export async function findOpsBankPayment(db: DbOrTx, id: string): Promise<TOpsBankPayment | null> {
  const [row] = await withCodes(db).where(eq(bankPayments.id, id));
  return row ? toOpsBankPaymentDto(row.payment, row) : null;
}

/**
 * The payments of an order's bill, and any staff settled to it, newest first (an order's bill is paid a few
 * times at most: no paging), each saying whether staff may confirm the order with it: UNMATCHED, or the
 * payment that settles this very order (MATCHED), the rule confirm-deposit.ts applies.
 */
export async function listDepositPayments(db: DbOrTx, depositId: string): Promise<TDepositPayment[]> {
  const rows = await withCodes(db)
    .where(or(eq(bankPayments.depositId, depositId), eq(bankPayments.creditedDepositId, depositId)))
    .orderBy(desc(bankPayments.paidAt), desc(bankPayments.id));
  return rows.map((r) => {
    const settles = (r.payment.creditedDepositId ?? r.payment.depositId) === depositId;
    const confirmable = r.payment.status === 'UNMATCHED' || (r.payment.status === 'MATCHED' && settles);
    return { ...toOpsBankPaymentDto(r.payment, r), confirmable };
  });
}
