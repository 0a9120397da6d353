import { formatMinor } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AgencyRow } from '../../db/schema/agency';
import { type TWithdrawalStatus, type WithdrawalRow, withdrawals } from '../../db/schema/withdrawals';
import { AppError } from '../../lib/app-error';
import { closeWithdrawalApproval } from '../approvals/close-withdrawal-approval';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { notActionable } from './not-actionable';
import { returnWithdrawalCredit } from './return-withdrawal-credit';
import { lockWithdrawal } from './withdrawals-repository';

// What a reject moves an order to (a state under way is resumed as it is); any other state → 409.
const RETURNING_FROM: Partial<Record<TWithdrawalStatus, TWithdrawalStatus>> = {
  OPEN: 'RETURNING',
  RETURNING: 'RETURNING',
  BOUNCED: 'BOUNCE_RETURNING',
  BOUNCE_RETURNING: 'BOUNCE_RETURNING',
};

export type RejectWithdrawalInput = {
  agency: AgencyRow;
  code: string;
  reason: string | null;
  actor: string;
  scope: AuditScope;
  /** The staff member rejecting (null for `automation`): named on a four-eyes request this closes. */
  staffId?: string | null;
  log: FastifyBaseLogger;
};

/**
 * Staff refuse a payout: OPEN → RETURNING under the order's row lock (audited), then the credit goes back
 * to the provider under `<code>:back` and the order ends REJECTED. A RETURNING order (a lost answer, or a
 * parallel reject) is resumed under the same reference, so the credit comes back exactly once however often
 * this runs. Answers the order: REJECTED, or still RETURNING when the provider's answer is unknown.
 * A BOUNCED payout is credited back the same way (domain rule 9): BOUNCED → BOUNCE_RETURNING → REJECTED,
 * under the same `<code>:back` (a bounced order never went through RETURNING: the reference is unused).
 * A four-eyes request waiting to pay this order out ends REJECTED with it (decision 0046).
 */
export async function rejectWithdrawal(
  app: FastifyInstance,
  input: RejectWithdrawalInput,
): Promise<WithdrawalRow> {
  const { agency, code, actor, scope } = input;
  const now = app.now();
  const order = await app.db.transaction(async (tx) => {
    const locked = await lockWithdrawal(tx, agency.id, code);
    if (!locked) throw new AppError(404, 'NOT_FOUND', `No withdrawal ${code.slice(0, 40)}`);
    const next = RETURNING_FROM[locked.status];
    if (!next) throw notActionable(locked);
    const isResumed = next === locked.status;
    const isBounced = next === 'BOUNCE_RETURNING';
    await recordAudit(tx, {
      actor,
      scope,
      action: isBounced ? 'withdrawal.credit-back' : 'withdrawal.reject',
      target: `withdrawal:${code}`,
      details: {
        playerId: locked.playerId,
        credit: formatMinor(locked.amount, 'THB'),
        reason: input.reason,
        resumed: isResumed,
      },
      at: now,
    });
    if (isResumed) return locked;
    await closeWithdrawalApproval(tx, {
      agencyId: agency.id,
      code,
      actor,
      scope,
      staffId: input.staffId ?? null,
      reason: input.reason,
      now,
    });
    const [returning] = await tx
      .update(withdrawals)
      .set({ status: next, decidedBy: actor, decidedAt: now, updatedAt: now })
      .where(eq(withdrawals.id, locked.id))
      .returning();
    return returning as WithdrawalRow;
  });
  return returnWithdrawalCredit(app, order, input.log);
}
