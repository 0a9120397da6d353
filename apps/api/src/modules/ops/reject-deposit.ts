import { formatMinor } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { AppError } from '../../lib/app-error';
import { releaseSettledPayments } from '../bank-payments/release-settled-payments';
import { creditLeaseUntil, isBeingCredited } from '../deposits/credit-deposit';
import { depositCreditReference } from '../deposits/deposit-code';
import { type DepositDecisionInput, lockAgencyDeposit } from './confirm-deposit';
import { completeLandedCredit, hasCreditLanded } from './look-up-landed-credit';
import { type AuditEntry, recordAudit } from './record-audit';

const REJECTABLE: readonly DepositRow['status'][] = ['OPEN', 'PAID', 'FAILED'];

/**
 * Staff refuse a deposit (OPEN, PAID or FAILED → REJECTED, nothing credited), audited in the same
 * transaction. Reject looks before it leaps (look-up-landed-credit.ts): `<code>:in` of a PAID or FAILED
 * deposit is looked up at the provider first, under the deposit's credit lease. Credit found there is booked through the deposit
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

  if (!(await hasCreditLanded(app, before, leaseUntil))) return markRejected(app, input, leaseUntil);

  await completeLandedCredit(app, before, leaseUntil);
  await recordAudit(app.db, auditOf(input, before, app.now(), { outcome: 'DEPOSIT_ALREADY_CREDITED' }));
  throw new AppError(
    409,
    'DEPOSIT_ALREADY_CREDITED',
    `Deposit ${before.code}: its credit reached the provider (${depositCreditReference(before.code)}); it is completed, not rejected`,
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
    const isPaymentWaiting = await releaseSettledPayments(tx, row.id);
    const [rejected] = await tx
      .update(deposits)
      .set({
        status: 'REJECTED',
        isLatePaid: row.isLatePaid || isPaymentWaiting,
        closedAt: now,
        nextAttemptAt: null,
        creditLeaseUntil: null,
        updatedAt: now,
      })
      .where(eq(deposits.id, row.id))
      .returning();
    await recordAudit(tx, auditOf(input, row, now));
    return rejected as DepositRow;
  });
}

function auditOf(
  input: DepositDecisionInput,
  row: DepositRow,
  at: Date,
  extra: Record<string, unknown> = {},
): AuditEntry {
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
