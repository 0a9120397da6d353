import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type BankPaymentRow, bankPayments } from '../../db/schema/bank-payments';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/is-uuid';

/** The payment, locked, if the agency may see it (its own, or one no agency's bill names); else 404. */
export async function lockAgencyPayment(tx: DbOrTx, agencyId: string, id: string): Promise<BankPaymentRow> {
  const [payment] = isUuid(id)
    ? await tx
        .select()
        .from(bankPayments)
        .where(and(eq(bankPayments.id, id), sql`coalesce(${bankPayments.agencyId} = ${agencyId}, true)`))
        .for('update')
    : [];
  if (!payment) throw new AppError(404, 'NOT_FOUND', 'No such bank payment');
  return payment;
}
