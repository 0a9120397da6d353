import type { TBankPaymentsQuery, TOpsBankPayment } from '@lc/shared/contracts/ops-bank-payments';
import { formatMinor } from '@lc/shared/money';
import { and, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { type BankPaymentRow, bankPayments } from '../../db/schema/bank-payments';
import { deposits } from '../../db/schema/deposits';

const order = alias(deposits, 'order_deposit');
const credited = alias(deposits, 'credited_deposit');

/** The operators' view of a payment, with the codes of its order and of the deposit that credited it. */
export function toOpsBankPaymentDto(
  row: BankPaymentRow,
  codes: { depositCode: string | null; creditedDepositCode: string | null },
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
    ...codes,
    playerId: row.playerId,
    refundReference: row.refundReference,
    resolvedBy: row.resolvedBy,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

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
  const rows = await db
    .select({ payment: bankPayments, depositCode: order.code, creditedDepositCode: credited.code })
    .from(bankPayments)
    .leftJoin(order, eq(order.id, bankPayments.depositId))
    .leftJoin(credited, eq(credited.id, bankPayments.creditedDepositId))
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
  const [row] = await db
    .select({ payment: bankPayments, depositCode: order.code, creditedDepositCode: credited.code })
    .from(bankPayments)
    .leftJoin(order, eq(order.id, bankPayments.depositId))
    .leftJoin(credited, eq(credited.id, bankPayments.creditedDepositId))
    .where(eq(bankPayments.id, id));
  return row ? toOpsBankPaymentDto(row.payment, row) : null;
}
