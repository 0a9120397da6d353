import { randomBytes } from 'node:crypto';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { type SandboxBankPaymentRow, sandboxBankPayments } from '../../db/schema/sandbox-bank';
import { batchedLookup } from '../../lib/batched-lookup';
import { perDatabase } from '../../lib/per-database';

// Every sandbox payment: prepared once.
const insertPayment = preparedStatement('insert_sandbox_payment', (db) =>
  db
    .insert(sandboxBankPayments)
    .values({
      bankReference: sql.placeholder('bankReference'),
      billNumber: sql.placeholder('billNumber'),
      reference: sql.placeholder('reference'),
      amount: sql.placeholder('amount'),
      paidAt: sql.placeholder('paidAt'),
    })
    .returning(),
);
/** Records a payment of a bill (a bill paid twice has two payments, as at a real bank). */
export async function recordSandboxPayment(
  db: DbOrTx,
  input: { billNumber: string; reference: string | null; amount: bigint },
  now: Date,
): Promise<SandboxBankPaymentRow> {
  const [row] = await insertPayment(db, {
    // Looks like a bank's transaction id; random, so it never repeats across restarts.
    bankReference: `SBX${randomBytes(8).toString('hex').toUpperCase()}`,
    billNumber: input.billNumber,
    reference: input.reference,
    amount: input.amount,
    paidAt: now,
  });
  if (!row) throw new Error('sandbox payment insert returned nothing');
  return row;
}

// Every deposit's webhook is checked by a look-up here (and so is a check of an OPEN order): the look-ups that
// arrive together share one statement (batched-lookup.ts; see find-live-session.ts for why).
const paymentLookupOf = perDatabase((db: Db) => {
  const paymentsWhere = (where: SQL, name: string) =>
    db
      .select()
      .from(sandboxBankPayments)
      .where(where)
      .orderBy(asc(sandboxBankPayments.paidAt), asc(sandboxBankPayments.bankReference))
      .prepare(name);
  const ofBills = paymentsWhere(
    sql`${sandboxBankPayments.billNumber} = ANY(${sql.placeholder('billNumbers')}::text[])`,
    'find_sandbox_payments_of_bills',
  );
  const ofBill = paymentsWhere(
    eq(sandboxBankPayments.billNumber, sql.placeholder('billNumber')),
    'find_sandbox_payments_of_bill',
  );
  return batchedLookup(
    (billNumbers) => ofBills.execute({ billNumbers }),
    (row) => row.billNumber,
    (billNumber) => ofBill.execute({ billNumber }),
  );
});

/** The payments of a bill number, oldest first. */
export function findSandboxPayments(db: Db, billNumber: string): Promise<SandboxBankPaymentRow[]> {
  return paymentLookupOf(db).load(billNumber);
}
