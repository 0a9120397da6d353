import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type SandboxBankPaymentRow, sandboxBankPayments } from '../../db/schema/sandbox-bank';
import { SandboxError } from '../providers/sandbox-http';

/** Records that a bill was paid (one payment per bill number, else 409 REFERENCE_CONFLICT). */
export async function recordSandboxPayment(
  db: DbOrTx,
  input: { billNumber: string; amount: bigint },
  now: Date,
): Promise<SandboxBankPaymentRow> {
  const [row] = await db
    .insert(sandboxBankPayments)
    .values({
      billNumber: input.billNumber,
      amount: input.amount,
      // Looks like a bank's transaction id; random, so it never repeats across restarts.
      bankReference: `SBX${randomBytes(8).toString('hex').toUpperCase()}`,
      paidAt: now,
    })
    .onConflictDoNothing({ target: sandboxBankPayments.billNumber })
    .returning();
  if (!row) throw new SandboxError(409, 'REFERENCE_CONFLICT', `Bill ${input.billNumber} is already paid`);
  return row;
}

/** The payment of a bill number, or null. */
export async function findSandboxPayment(
  db: DbOrTx,
  billNumber: string,
): Promise<SandboxBankPaymentRow | null> {
  const [row] = await db
    .select()
    .from(sandboxBankPayments)
    .where(eq(sandboxBankPayments.billNumber, billNumber));
  return row ?? null;
}
