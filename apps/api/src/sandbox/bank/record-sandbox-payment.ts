import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { type SandboxBankPaymentRow, sandboxBankPayments } from '../../db/schema/sandbox-bank';

// Every sandbox payment and every bank look-up of a deposit: prepared once.
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
const selectPayments = preparedStatement('find_sandbox_payments', (db) =>
  db
    .select()
    .from(sandboxBankPayments)
    .where(eq(sandboxBankPayments.billNumber, sql.placeholder('billNumber')))
    .orderBy(asc(sandboxBankPayments.paidAt), asc(sandboxBankPayments.bankReference)),
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

/** The payments of a bill number, oldest first. */
export function findSandboxPayments(db: DbOrTx, billNumber: string): Promise<SandboxBankPaymentRow[]> {
  return selectPayments(db, { billNumber });
}
