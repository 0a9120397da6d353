import { formatMinor } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import type { ApprovalRow } from '../../db/schema/approvals';
import { type TWithdrawalStatus, type WithdrawalRow, withdrawals } from '../../db/schema/withdrawals';
import { AppError } from '../../lib/app-error';
import { type OpsActor, staffIdOf } from '../../plugins/ops-auth';
import { closeWithdrawalApproval } from '../approvals/close-withdrawal-approval';
import { findPendingApproval, withdrawalSubject } from '../approvals/find-pending-approval';
import { requestApproval } from '../approvals/request-approval';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { notActionable } from './not-actionable';
import { returnWithdrawalCredit } from './return-withdrawal-credit';
import { lockWithdrawal, usernameOf } from './withdrawals-repository';

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
  caller: OpsActor;
  scope: AuditScope;
  log: FastifyBaseLogger;
};

export type RejectWithdrawalResult = { withdrawal: WithdrawalRow } | { approval: ApprovalRow };

/**
 * Staff refuse a payout: OPEN → RETURNING under the order's row lock (audited), then the credit goes back
 * to the provider under `<code>:back` and the order ends REJECTED. A RETURNING order (a lost answer, or a
 * parallel reject) is resumed under the same reference, so the credit comes back exactly once however often
 * this runs. Answers the order: REJECTED, or still RETURNING when the provider's answer is unknown.
 * A BOUNCED payout is credited back the same way (domain rule 9), but only with a second pair of eyes
 * (decision 0065): a direct call files a BOUNCE_CREDIT_BACK request (409 APPROVAL_PENDING while one waits),
 * and its approval moves BOUNCED → BOUNCE_RETURNING (startReturning, in the decision's transaction) before the
 * credit goes back under the same `<code>:back` (a bounced order never went through RETURNING).
 * A four-eyes request waiting to pay an OPEN order out ends REJECTED with it (decision 0046).
 */
export async function rejectWithdrawal(
  app: FastifyInstance,
  input: RejectWithdrawalInput,
): Promise<RejectWithdrawalResult> {
  const started = await app.db.transaction((tx) => startReturning(tx, { ...input, now: app.now() }));
  if ('approval' in started) return started;
  return { withdrawal: await returnWithdrawalCredit(app, started.withdrawal, input.log) };
}

/**
 * The transaction part of a reject: locks the order and moves it to RETURNING / BOUNCE_RETURNING (or finds it
 * there), or files the BOUNCE_CREDIT_BACK request. With `approval` (its decision is under way in `tx`) the
 * bounced order is moved at once. The caller sends the credit back after the commit (returnWithdrawalCredit).
 */
export async function startReturning(
  tx: DbOrTx,
  input: Omit<RejectWithdrawalInput, 'log'> & { now: Date; approval?: ApprovalRow },
): Promise<RejectWithdrawalResult> {
  const { agency, code, caller, scope, now } = input;
  const actor = caller.name;
  const locked = await lockWithdrawal(tx, agency.id, code);
  if (!locked) throw new AppError(404, 'NOT_FOUND', `No withdrawal ${code.slice(0, 40)}`);
  const next = RETURNING_FROM[locked.status];
  if (!next) throw notActionable(locked);
  const isResumed = next === locked.status;
  const isBounced = next === 'BOUNCE_RETURNING';
  if (isBounced && !isResumed && !input.approval) {
    const pending = await findPendingApproval(tx, agency.id, withdrawalSubject(code));
    if (pending)
      throw new AppError(409, 'APPROVAL_PENDING', `Withdrawal ${code} waits for approval ${pending.id}`);
    const approval = await requestApproval(tx, {
      agencyId: agency.id,
      kind: 'BOUNCE_CREDIT_BACK',
      subject: withdrawalSubject(code),
      payload: {
        code,
        playerId: locked.playerId,
        username: await usernameOf(tx, locked.playerId),
        credit: formatMinor(locked.amount, 'THB'),
        bounceReference: locked.bounceReference ?? '',
      },
      reason: input.reason ?? 'bounced payout credited back to the provider',
      caller,
      scope,
      now,
    });
    return { approval };
  }
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
      ...(input.approval ? { approval: input.approval.id, requestedBy: input.approval.requestedBy } : {}),
    },
    at: now,
  });
  if (isResumed) return { withdrawal: locked };
  if (!input.approval) {
    await closeWithdrawalApproval(tx, {
      agencyId: agency.id,
      code,
      actor,
      scope,
      staffId: staffIdOf(caller),
      reason: input.reason,
      now,
    });
  }
  const [returning] = await tx
    .update(withdrawals)
    .set({ status: next, decidedBy: actor, decidedAt: now, updatedAt: now })
    .where(eq(withdrawals.id, locked.id))
    .returning();
  return { withdrawal: returning as WithdrawalRow };
}
