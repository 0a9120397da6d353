import { formatMinor } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { AppError } from '../../lib/app-error';
import { callProvider } from '../credits/call-provider';
import { depositCreditReference } from '../deposits/deposit-code';
import { type DepositDecisionInput, isBeingCredited, lockAgencyDeposit } from './confirm-deposit';
import { recordAudit } from './record-audit';

const transferPending = (code: string) =>
  new AppError(
    409,
    'TRANSFER_PENDING',
    `Deposit ${code}: its credit may have reached the provider; settle it first`,
  );

/**
 * Staff refuse a deposit (OPEN or PAID → REJECTED, nothing credited), audited in the same transaction. A
 * PAID deposit whose earlier credit attempt has no known outcome is looked up at the provider first: credit
 * that arrived there must be booked (by settling), never stranded by a rejection.
 */
export async function rejectDeposit(app: FastifyInstance, input: DepositDecisionInput): Promise<DepositRow> {
  const before = await app.db.transaction((tx) => lockAgencyDeposit(tx, input.agency.id, input.code));
  if (before.status === 'PAID' && before.attempts > 0) {
    const provider = app.providers.get(before.provider);
    const reference = depositCreditReference(before.code);
    const found = await callProvider(app.log, provider.provider, () => provider.findTransfer(reference));
    if (found) throw transferPending(before.code);
  }
  const now = app.now();
  return app.db.transaction(async (tx) => {
    const row = await lockAgencyDeposit(tx, input.agency.id, input.code);
    if (row.status !== 'OPEN' && row.status !== 'PAID') {
      throw new AppError(409, 'ORDER_NOT_OPEN', `Deposit ${row.code} is ${row.status}`);
    }
    if (isBeingCredited(row, now) || row.attempts !== before.attempts) throw transferPending(row.code);
    const [rejected] = await tx
      .update(deposits)
      .set({ status: 'REJECTED', closedAt: now, nextAttemptAt: null, updatedAt: now })
      .where(eq(deposits.id, row.id))
      .returning();
    await recordAudit(tx, {
      actor: input.actor,
      action: 'deposit.reject',
      target: `deposit:${row.code}`,
      details: {
        playerId: row.playerId,
        previousStatus: row.status,
        amount: formatMinor(row.amount, 'LAK'),
        paidAmount: row.paidAmount === null ? null : formatMinor(row.paidAmount, 'LAK'),
        reason: input.note,
      },
      at: now,
    });
    return rejected as DepositRow;
  });
}
