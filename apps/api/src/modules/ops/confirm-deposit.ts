import { formatMinor } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AgencyRow } from '../../db/schema/agency';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { AppError } from '../../lib/app-error';
import { creditDeposit } from '../deposits/credit-deposit';
import { findDepositByCode, lockDeposit } from '../deposits/deposits-repository';
import { recordAudit } from './record-audit';

export type DepositDecisionInput = {
  agency: AgencyRow;
  code: string;
  actor: string;
  /** confirm: the bank's reference of the payment staff matched; reject: why. */
  note: string | null;
};

/** The deposit of the agency, locked, or 404 (another agency's code is not found either). */
export async function lockAgencyDeposit(
  tx: Parameters<typeof lockDeposit>[0],
  agencyId: string,
  code: string,
) {
  const row = await lockDeposit(tx, code);
  if (!row || row.agencyId !== agencyId)
    throw new AppError(404, 'NOT_FOUND', `No deposit ${code.slice(0, 40)}`);
  return row;
}

/** A deposit whose credit transfer is running right now must not change under it. */
export const isBeingCredited = (row: DepositRow, now: Date) =>
  row.creditLeaseUntil !== null && row.creditLeaseUntil > now;

/**
 * Staff matched the bank payment by hand (e.g. the player paid another amount, or the bank never told us):
 * OPEN → PAID, a flagged PAID (amount mismatch) cleared, or a FAILED one given new tries; audited in the same
 * transaction; then credited through the deposit module's own path (`<code>:in`, once). Answers the deposit:
 * SUCCESS, or still PAID when the provider did not apply the credit (the worker retries).
 */
export async function confirmDeposit(app: FastifyInstance, input: DepositDecisionInput): Promise<DepositRow> {
  const now = app.now();
  await app.db.transaction(async (tx) => {
    const row = await lockAgencyDeposit(tx, input.agency.id, input.code);
    if (row.status !== 'OPEN' && row.status !== 'PAID' && row.status !== 'FAILED') {
      throw new AppError(409, 'ORDER_NOT_OPEN', `Deposit ${row.code} is ${row.status}`);
    }
    if (isBeingCredited(row, now)) {
      throw new AppError(409, 'TRANSFER_PENDING', `Deposit ${row.code} is being credited right now`);
    }
    await tx
      .update(deposits)
      .set({
        status: 'PAID',
        paidAt: row.paidAt ?? now,
        bankReference: row.bankReference ?? input.note,
        isAmountMismatch: false,
        attempts: row.status === 'FAILED' ? 0 : row.attempts,
        lastError: null,
        nextAttemptAt: now,
        closedAt: null,
        updatedAt: now,
      })
      .where(eq(deposits.id, row.id));
    await recordAudit(tx, {
      actor: input.actor,
      action: 'deposit.confirm',
      target: `deposit:${row.code}`,
      details: {
        playerId: row.playerId,
        previousStatus: row.status,
        amount: formatMinor(row.amount, 'LAK'),
        paidAmount: row.paidAmount === null ? null : formatMinor(row.paidAmount, 'LAK'),
        credit: formatMinor(row.credit + row.bonus, 'THB'),
        bankReference: row.bankReference ?? input.note,
      },
      at: now,
    });
  });
  return (
    (await creditDeposit(app, input.code)) ?? ((await findDepositByCode(app.db, input.code)) as DepositRow)
  );
}
