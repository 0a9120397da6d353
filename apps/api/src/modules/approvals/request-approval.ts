import type { TApprovalKind } from '@lc/shared/contracts/ops-approvals';
import type { DbOrTx } from '../../db/client';
import { type ApprovalRow, approvals } from '../../db/schema/approvals';
import type { OpsActor } from '../../plugins/ops-auth';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { shownPayload } from './to-approval-dto';

export type ApprovalRequest = {
  agencyId: string;
  kind: TApprovalKind;
  payload: Record<string, string>;
  reason: string;
  /** Set when at most one request may wait for the same thing (`withdrawal:<code>`). */
  subject?: string;
  caller: OpsActor;
  scope: AuditScope;
  now: Date;
};

/** Files a four-eyes request (PENDING) for a second staff member of role finance or admin. Audited. */
export async function requestApproval(tx: DbOrTx, input: ApprovalRequest): Promise<ApprovalRow> {
  const [row] = await tx
    .insert(approvals)
    .values({
      agencyId: input.agencyId,
      kind: input.kind,
      status: 'PENDING',
      payload: input.payload,
      reason: input.reason,
      subject: input.subject ?? null,
      requestedByStaffId: input.caller.kind === 'staff' ? input.caller.staff.id : null,
      requestedBy: input.caller.name,
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('approval insert returned nothing');
  await recordAudit(tx, {
    actor: input.caller.name,
    scope: input.scope,
    action: 'approval.request',
    target: `approval:${row.id}`,
    after: { kind: row.kind, status: row.status, ...shownPayload(row.payload), reason: row.reason },
    at: input.now,
  });
  return row;
}
