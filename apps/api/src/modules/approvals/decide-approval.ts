import { ZStaffRole } from '@lc/shared/contracts/ops-staff';
import { ZRateCurrency } from '@lc/shared/contracts/rates';
import { parseMoney } from '@lc/shared/money';
import { isProvider } from '@lc/shared/providers';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import { type ApprovalRow, approvals } from '../../db/schema/approvals';
import { opsCredits } from '../../db/schema/ops-credits';
import { type StaffRow, staff } from '../../db/schema/staff';
import { withdrawals } from '../../db/schema/withdrawals';
import { AppError, isAppError } from '../../lib/app-error';
import type { OpsActor } from '../../plugins/ops-auth';
import { applyPaymentChannel } from '../agency/save-payment-channel';
import { gameProviderOf } from '../credits/game-provider-of';
import { creditPlayer, opsCreditReference } from '../ops/credit-player';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { applyProviderSettings } from '../provider-settings/apply-provider-settings';
import { applyExchangeRate } from '../rates/apply-exchange-rate';
import { insertStaff, newInitialPassword } from '../staff/create-staff';
import { findStaff } from '../staff/find-staff';
import { approveWithdrawal } from '../withdrawals/approve-withdrawal';
import { startReturning } from '../withdrawals/reject-withdrawal';
import { returnWithdrawalCredit } from '../withdrawals/return-withdrawal-credit';
import { lockWithdrawal } from '../withdrawals/withdrawals-repository';

export type DecideApprovalInput = {
  agency: AgencyRow;
  id: string;
  isApproved: boolean;
  reason: string | null;
  caller: OpsActor;
  scope: AuditScope;
  log: FastifyBaseLogger;
};

/**
 * The second pair of eyes: a finance or admin member other than the requester approves or rejects a
 * PENDING request (once: the row is locked and must still be PENDING). Approving a role change applies it
 * in the same transaction; approving an adjustment records its credit PENDING under `approval:<id>` in that
 * transaction and then books it as one ADJUSTMENT through `creditPlayer` — a lost provider answer leaves it
 * to the worker to resume under the same reference, so it is never booked twice nor forgotten.
 * Approving a WITHDRAWAL_APPROVAL pays the withdrawal out (approveWithdrawal, same transaction, the order
 * locked first); a RATE_CHANGE sets exactly the requested rate (decision 0046).
 */
export async function decideApproval(
  app: FastifyInstance,
  input: DecideApprovalInput,
): Promise<DecidedApproval> {
  const { caller } = input;
  const now = app.now();
  // A member created by approval gets a one-time password, hashed before the locks are taken (argon2id is slow)
  // and answered to the approving admin only: it is stored nowhere else.
  const [kind] = await app.db
    .select({ kind: approvals.kind })
    .from(approvals)
    .where(eq(approvals.id, input.id));
  const fresh = kind?.kind === 'STAFF_CREATE' && input.isApproved ? await newInitialPassword() : null;
  const decided = await app.db.transaction(async (tx) => {
    // A withdrawal's request: lock the order before the request, the order approve and reject of the
    // withdrawal take them in (order, then request), so the three serialise without a deadlock.
    const [peek] = await tx
      .select({ kind: approvals.kind, agencyId: approvals.agencyId, payload: approvals.payload })
      .from(approvals)
      .where(eq(approvals.id, input.id));
    const isAboutWithdrawal = peek?.kind === 'WITHDRAWAL_APPROVAL' || peek?.kind === 'BOUNCE_CREDIT_BACK';
    if (peek && isAboutWithdrawal && peek.agencyId === input.agency.id) {
      await lockWithdrawal(tx, peek.agencyId, peek.payload.code ?? '');
    }
    const [row] = await tx.select().from(approvals).where(eq(approvals.id, input.id)).for('update');
    if (!row || row.agencyId !== input.agency.id) throw new AppError(404, 'NOT_FOUND', 'No such request');
    if (caller.kind === 'automation') {
      throw new AppError(403, 'AUTOMATION_CANNOT_APPROVE', 'A person must decide four-eyes requests');
    }
    // Nor may the member whose role would change decide it: that would be one person promoting themselves.
    const isConcerned = row.kind === 'ROLE_CHANGE' && row.payload.staffId === caller.staff.id;
    const isOwnAccount = input.isApproved && isRequestersOwn(row, caller.staff);
    if (row.requestedByStaffId === caller.staff.id || isConcerned || isOwnAccount) {
      throw new AppError(403, 'SAME_STAFF', 'Another staff member must decide this request');
    }
    if (ADMIN_DECIDES.has(row.kind) && caller.role !== 'admin') {
      throw new AppError(403, 'FORBIDDEN_ROLE', 'A second admin decides who joins and where money goes');
    }
    if (row.status !== 'PENDING') throw new AppError(409, 'APPROVAL_NOT_PENDING', `Already ${row.status}`);
    const result = input.isApproved ? await carryOut(tx, row, input, now, fresh?.passwordHash ?? null) : null;
    const [updated] = await tx
      .update(approvals)
      .set({
        status: input.isApproved ? 'APPROVED' : 'REJECTED',
        decidedByStaffId: caller.staff.id,
        decidedBy: caller.name,
        decisionReason: input.reason,
        decidedAt: now,
        result,
      })
      .where(eq(approvals.id, row.id))
      .returning();
    await recordAudit(tx, {
      actor: caller.name,
      scope: input.scope,
      action: input.isApproved ? 'approval.approve' : 'approval.reject',
      target: `approval:${row.id}`,
      before: { status: row.status },
      after: { status: updated?.status, reason: input.reason, ...result },
      at: now,
    });
    return updated as ApprovalRow;
  });
  if (decided.kind === 'WITHDRAWAL_APPROVAL' && decided.status === 'APPROVED') {
    app.metrics.withdrawalDecided('SUCCESS');
  }
  if (decided.status !== 'APPROVED') return { approval: decided };
  // The registry of this process reads the new settings at its next call (others within seconds).
  if (decided.kind === 'PROVIDER_SETTINGS') app.providers.forgetAgency(decided.agencyId);
  // The host → agency cache holds the channels deposits read: the next deposit uses the approved one.
  if (decided.kind === 'CHANNEL_SETTINGS') app.forgetAgencies();
  if (decided.kind === 'STAFF_CREATE' && fresh) {
    return { approval: decided, initialPassword: fresh.initialPassword };
  }
  if (decided.kind === 'BOUNCE_CREDIT_BACK') return { approval: await creditBackBounce(app, input, decided) };
  if (decided.kind !== 'ADJUSTMENT') return { approval: decided };
  return { approval: await bookAdjustment(app, input, decided) };
}

/** Who joins with approving rights, and where an agency's provider money goes, are decided by admins only. */
const ADMIN_DECIDES = new Set<ApprovalRow['kind']>(['STAFF_CREATE', 'PROVIDER_SETTINGS', 'CHANNEL_SETTINGS']);

export type DecidedApproval = { approval: ApprovalRow; initialPassword?: string };

/**
 * A second account of the requester is the requester (decision 0065): a member never approves a request of
 * whoever created them (the OPS token included: `automation`, no id), nor one filed before they existed.
 * Rejecting moves nothing, so it is not restricted this way.
 * Members made before creators were kept have none on file and only the time rule applies to them.
 */
function isRequestersOwn(row: ApprovalRow, approver: StaffRow): boolean {
  if (approver.createdAt.getTime() > row.createdAt.getTime()) return true;
  if (row.requestedByStaffId) return approver.createdByStaffId === row.requestedByStaffId;
  return approver.createdByStaffId === null && approver.createdBy === 'automation';
}

/** What approving does inside the decision's transaction; its answer is kept as the request's `result`. */
async function carryOut(
  tx: DbOrTx,
  row: ApprovalRow,
  input: DecideApprovalInput,
  now: Date,
  passwordHash: string | null,
): Promise<Record<string, string>> {
  const { payload } = row;
  const { caller } = input;
  if (row.kind === 'STAFF_CREATE') {
    const role = ZStaffRole.parse(payload.role);
    if (!passwordHash) throw new Error(`approval ${row.id}: no initial password prepared`);
    const member = await insertStaff(tx, {
      agencyId: row.agencyId,
      body: { username: payload.username ?? '', displayName: payload.displayName ?? '', role },
      // The member is the requester's making; the approver only signed it off.
      creator: { staffId: row.requestedByStaffId, name: row.requestedBy },
      actor: caller.name,
      scope: input.scope,
      now,
      passwordHash,
    });
    return { username: member.username, staffId: member.id, role };
  }
  if (row.kind === 'WITHDRAWAL_APPROVAL') {
    // The order was locked above; approveWithdrawal pays it under that lock, or answers 409 (no longer
    // OPEN/BOUNCED) and this whole decision rolls back, the request still PENDING.
    const paid = await approveWithdrawal(tx, {
      agency: input.agency,
      code: payload.code ?? '',
      bankReference: payload.bankReference ?? '',
      caller,
      scope: input.scope,
      now,
      approval: row,
    });
    if (!('withdrawal' in paid)) throw new Error(`approval ${row.id} filed another request`);
    return { withdrawal: paid.withdrawal.code, status: paid.withdrawal.status };
  }
  if (row.kind === 'BOUNCE_CREDIT_BACK') {
    // The order was locked above: BOUNCED → BOUNCE_RETURNING now, or 409 (re-paid or credited back meanwhile)
    // and this whole decision rolls back; the credit goes back after the commit (creditBackBounce).
    const started = await startReturning(tx, {
      agency: input.agency,
      code: payload.code ?? '',
      reason: row.reason,
      caller,
      scope: input.scope,
      now,
      approval: row,
    });
    if (!('withdrawal' in started)) throw new Error(`approval ${row.id} filed another request`);
    return { withdrawal: started.withdrawal.code, status: started.withdrawal.status };
  }
  if (row.kind === 'RATE_CHANGE') {
    const currency = ZRateCurrency.parse(payload.currency);
    const rate = await applyExchangeRate(tx, {
      agencyId: row.agencyId,
      currency,
      buy: payload.buy ?? '',
      sell: payload.sell ?? '',
      actor: caller.name,
      scope: input.scope,
      now,
      approval: { id: row.id, requestedBy: row.requestedBy },
    });
    return { currency, buy: rate.buy, sell: rate.sell };
  }
  if (row.kind === 'PROVIDER_SETTINGS') {
    return applyProviderSettings(tx, row, { actor: caller.name, scope: input.scope, now });
  }
  if (row.kind === 'CHANNEL_SETTINGS') {
    return applyPaymentChannel(tx, row, { actor: caller.name, scope: input.scope, now });
  }
  if (row.kind === 'ROLE_CHANGE') {
    const member = await findStaff(tx, row.agencyId, payload.staffId ?? '', { forUpdate: true });
    const to = payload.to as typeof member.role;
    await tx.update(staff).set({ role: to }).where(eq(staff.id, member.id));
    await recordAudit(tx, {
      actor: caller.name,
      scope: input.scope,
      action: 'staff.role',
      target: `staff:${member.id}`,
      before: { role: member.role },
      after: { role: to, approval: row.id, requestedBy: row.requestedBy },
      at: now,
    });
    return { role: to };
  }
  const reference = opsCreditReference(`approval:${row.id}`);
  if (!payload.playerId || !payload.provider || !isProvider(payload.provider) || !payload.amount) {
    throw new Error(`approval ${row.id} has a malformed adjustment payload`);
  }
  await tx.insert(opsCredits).values({
    reference,
    agencyId: row.agencyId,
    playerId: payload.playerId,
    provider: payload.provider,
    amount: parseMoney(payload.amount, 'THB', { allowNegative: true }),
    reason: row.reason,
    status: 'PENDING',
    actor: caller.name,
    createdAt: now,
    updatedAt: now,
  });
  return { reference, status: 'PENDING' };
}

/**
 * Sends the credit of an approved BOUNCE_CREDIT_BACK back to the provider (under `<code>:back`, once); an
 * unknown answer leaves the order BOUNCE_RETURNING for the worker. The request's result says where it is.
 */
async function creditBackBounce(app: FastifyInstance, input: DecideApprovalInput, row: ApprovalRow) {
  const [order] = await app.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.agencyId, row.agencyId), eq(withdrawals.code, row.payload.code ?? '')));
  if (!order) return row;
  const returned = await returnWithdrawalCredit(app, order, input.log);
  app.metrics.withdrawalDecided(returned.status);
  const [updated] = await app.db
    .update(approvals)
    .set({ result: { withdrawal: returned.code, status: returned.status } })
    .where(eq(approvals.id, row.id))
    .returning();
  return updated ?? row;
}

/** Books an approved adjustment now; the request's result says APPLIED, PENDING (worker resumes) or REJECTED. */
async function bookAdjustment(app: FastifyInstance, input: DecideApprovalInput, row: ApprovalRow) {
  const { payload } = row;
  const reference = row.result?.reference ?? '';
  let status: string;
  try {
    const credit = await creditPlayer(app.db, {
      agency: input.agency,
      playerId: payload.playerId ?? '',
      provider: gameProviderOf(app, row.agencyId, payload.provider ?? ''),
      amount: parseMoney(payload.amount ?? '', 'THB', { allowNegative: true }),
      reason: row.reason,
      key: `approval:${row.id}`,
      actor: input.caller.name,
      scope: input.scope,
      now: app.now(),
      log: input.log,
    });
    status = credit.status;
  } catch (error) {
    // Provider down before anything was sent: the credit stays PENDING for the worker; refused: REJECTED.
    if (!isAppError(error)) throw error;
    const [credit] = await app.db.select().from(opsCredits).where(eq(opsCredits.reference, reference));
    status = credit?.status ?? 'PENDING';
  }
  const [updated] = await app.db
    .update(approvals)
    .set({ result: { reference, status } })
    .where(eq(approvals.id, row.id))
    .returning();
  return updated ?? row;
}
