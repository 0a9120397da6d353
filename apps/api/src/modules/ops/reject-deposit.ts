import { formatMinor } from '@lc/shared/money';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { AppError } from '../../lib/app-error';
import { callProvider } from '../credits/call-provider';
import { creditClaimedDeposit, creditLeaseUntil, isBeingCredited } from '../deposits/credit-deposit';
import { depositCreditReference } from '../deposits/deposit-code';
import { type DepositDecisionInput, lockAgencyDeposit } from './confirm-deposit';
import { recordAudit } from './record-audit';

const REJECTABLE: readonly DepositRow['status'][] = ['OPEN', 'PAID', 'FAILED'];

/**
 * Staff refuse a deposit (OPEN, PAID or FAILED → REJECTED, nothing credited), audited in the same
 * transaction. Reject looks before it leaps (domain.md rule 3): a PAID or FAILED deposit may have had its
 * credit sent to the provider whatever its attempt counter says (a process can die right after sending
 * `<code>:in`), so `<code>:in` is looked up at the provider first, while this call holds the deposit's
 * credit lease so no settler can send it meanwhile. Credit found there is booked through the deposit
 * module's crediting path (→ SUCCESS) and the reject is refused with 409 DEPOSIT_ALREADY_CREDITED; a provider
 * that cannot answer refuses the reject (503) and changes nothing.
 */
export async function rejectDeposit(app: FastifyInstance, input: DepositDecisionInput): Promise<DepositRow> {
  const now = app.now();
  const leaseUntil = creditLeaseUntil(app, now);
  const before = await app.db.transaction(async (tx) => {
    const row = await lockRejectable(tx, input, now);
    if (row.status !== 'OPEN') {
      await tx.update(deposits).set({ creditLeaseUntil: leaseUntil }).where(eq(deposits.id, row.id));
    }
    return row;
  });
  if (before.status === 'OPEN') return markRejected(app, input, null);

  const provider = app.providers.get(before.provider);
  const reference = depositCreditReference(before.code);
  const arrived = await callProvider(app.log, provider.provider, () =>
    provider.findTransfer(reference),
  ).catch(async (error: unknown) => {
    await releaseLease(app.db, before.code, leaseUntil);
    throw error;
  });
  if (!arrived) return markRejected(app, input, leaseUntil);

  await completeCreditedDeposit(app, before, leaseUntil);
  await recordAudit(app.db, auditOf(input, before, app.now(), { outcome: 'DEPOSIT_ALREADY_CREDITED' }));
  throw new AppError(
    409,
    'DEPOSIT_ALREADY_CREDITED',
    `Deposit ${before.code}: its credit reached the provider (${reference}); it is completed, not rejected`,
  );
}

async function lockRejectable(tx: DbOrTx, input: DepositDecisionInput, now: Date): Promise<DepositRow> {
  const row = await lockAgencyDeposit(tx, input.agency.id, input.code);
  if (!REJECTABLE.includes(row.status)) {
    throw new AppError(409, 'ORDER_NOT_OPEN', `Deposit ${row.code} is ${row.status}`);
  }
  if (isBeingCredited(row, now)) throw transferPending(row.code);
  return row;
}

/**
 * → REJECTED under the row lock. A PAID or FAILED deposit must still carry the lease this reject took
 * before looking at the provider (`leaseUntil`): otherwise it changed meanwhile and staff should look again.
 */
async function markRejected(
  app: FastifyInstance,
  input: DepositDecisionInput,
  leaseUntil: Date | null,
): Promise<DepositRow> {
  const now = app.now();
  return app.db.transaction(async (tx) => {
    const row = await lockAgencyDeposit(tx, input.agency.id, input.code);
    if (!REJECTABLE.includes(row.status)) {
      throw new AppError(409, 'ORDER_NOT_OPEN', `Deposit ${row.code} is ${row.status}`);
    }
    // Never null === null: a deposit that turned PAID after an OPEN look was not looked at.
    const isLookedAt =
      row.status === 'OPEN' ||
      (leaseUntil !== null && row.creditLeaseUntil?.getTime() === leaseUntil.getTime());
    if (!isLookedAt) throw transferPending(row.code);
    const [rejected] = await tx
      .update(deposits)
      .set({ status: 'REJECTED', closedAt: now, nextAttemptAt: null, creditLeaseUntil: null, updatedAt: now })
      .where(eq(deposits.id, row.id))
      .returning();
    await recordAudit(tx, auditOf(input, row, now));
    return rejected as DepositRow;
  });
}

/**
 * The credit is at the provider: book it the way every deposit is booked (`creditClaimedDeposit` finds
 * `<code>:in` applied and posts it, → SUCCESS), with the lease this reject holds. A FAILED deposit is PAID
 * again first, as staff confirming it would make it.
 */
async function completeCreditedDeposit(
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

async function releaseLease(db: DbOrTx, code: string, leaseUntil: Date): Promise<void> {
  await db
    .update(deposits)
    .set({ creditLeaseUntil: null })
    .where(and(eq(deposits.code, code), eq(deposits.creditLeaseUntil, leaseUntil)));
}

function auditOf(
  input: DepositDecisionInput,
  row: DepositRow,
  at: Date,
  extra: Record<string, unknown> = {},
) {
  return {
    actor: input.actor,
    scope: input.scope,
    action: 'deposit.reject',
    target: `deposit:${row.code}`,
    details: {
      playerId: row.playerId,
      previousStatus: row.status,
      amount: formatMinor(row.amount, 'LAK'),
      paidAmount: row.paidAmount === null ? null : formatMinor(row.paidAmount, 'LAK'),
      reason: input.note,
      ...extra,
    },
    at,
  };
}

function transferPending(code: string): AppError {
  return new AppError(
    409,
    'TRANSFER_PENDING',
    `Deposit ${code} is being credited or changed while deciding; look at it again`,
  );
}
