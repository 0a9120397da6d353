import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { callProvider } from '../credits/call-provider';
import { creditClaimedDeposit } from '../deposits/credit-deposit';
import { depositCreditReference } from '../deposits/deposit-code';

// Staff changing a PAID or FAILED deposit (reject, confirm with a payment) look before they leap
// (docs/decisions/0062): its credit `<code>:in` may have reached the provider whatever the order's attempt
// counter says (a process can die right after sending it), so the provider is asked first, while the staff
// action holds the order's credit lease and no settler can send it meanwhile.

/** Whether `<code>:in` of the deposit is at its provider; throws (after freeing the lease) when it cannot say. */
export async function hasCreditLanded(
  app: FastifyInstance,
  row: DepositRow,
  leaseUntil: Date,
): Promise<boolean> {
  const provider = app.providers.of(row.agencyId, row.provider);
  const reference = depositCreditReference(row.code);
  const arrived = await callProvider(app.log, provider.provider, () =>
    provider.findTransfer(reference),
  ).catch(async (error: unknown) => {
    await releaseLease(app.db, row.code, leaseUntil);
    throw error;
  });
  return Boolean(arrived);
}

/**
 * The credit is at the provider: book it the way every deposit is booked (`creditClaimedDeposit` finds
 * `<code>:in` applied and posts it, → SUCCESS), with the lease the staff action holds. A FAILED deposit is PAID
 * again first, as staff confirming it would make it.
 */
export async function completeLandedCredit(
  app: FastifyInstance,
  row: DepositRow,
  leaseUntil: Date,
): Promise<void> {
  const now = app.now();
  const [paid] = await app.db
    .update(deposits)
    .set({ status: 'PAID', closedAt: null, lastError: null, nextAttemptAt: now, updatedAt: now })
    .where(and(eq(deposits.id, row.id), eq(deposits.creditLeaseUntil, leaseUntil)))
    .returning();
  if (!paid) return;
  await creditClaimedDeposit(app, paid, leaseUntil);
}

/** Frees the lease a staff action took, if the deposit still carries it. */
export async function releaseLease(db: DbOrTx, code: string, leaseUntil: Date): Promise<void> {
  await db
    .update(deposits)
    .set({ creditLeaseUntil: null })
    .where(and(eq(deposits.code, code), eq(deposits.creditLeaseUntil, leaseUntil)));
}
