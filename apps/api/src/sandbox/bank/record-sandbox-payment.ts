import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { type SandboxBankPaymentRow, sandboxBankPayments } from '../../db/schema/sandbox-bank';
import { SandboxError } from '../providers/sandbox-http';

// Every sandbox payment and every bank look-up of a deposit: prepared once.
const insertPayment = preparedStatement('insert_sandbox_payment', (db) =>
  db
    .insert(sandboxBankPayments)
    .values({
      billNumber: sql.placeholder('billNumber'),
      amount: sql.placeholder('amount'),
      bankReference: sql.placeholder('bankReference'),
      paidAt: sql.placeholder('paidAt'),
    })
    .onConflictDoNothing({ target: sandboxBankPayments.billNumber })
    .returning(),
);
const selectPayment = preparedStatement('find_sandbox_payment', (db) =>
  db
    .select()
    .from(sandboxBankPayments)
    .where(eq(sandboxBankPayments.billNumber, sql.placeholder('billNumber'))),
);

/** Records that a bill was paid (one payment per bill number, else 409 REFERENCE_CONFLICT). */
export async function recordSandboxPayment(
  db: DbOrTx,
  input: { billNumber: string; amount: bigint },
  now: Date,
): Promise<SandboxBankPaymentRow> {
  const [row] = await insertPayment(db, {
    billNumber: input.billNumber,
    amount: input.amount,
    // Looks like a bank's transaction id; random, so it never repeats across restarts.
    bankReference: `SBX${randomBytes(8).toString('hex').toUpperCase()}`,
    paidAt: now,
  });
  if (!row) throw new SandboxError(409, 'REFERENCE_CONFLICT', `Bill ${input.billNumber} is already paid`);
  return row;
}

/** The payment of a bill number, or null. */
export async function findSandboxPayment(
  db: DbOrTx,
  billNumber: string,
): Promise<SandboxBankPaymentRow | null> {
  const [row] = await selectPayment(db, { billNumber });
  return row ?? null;
}
