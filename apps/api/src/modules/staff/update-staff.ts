import type { TUpdateStaffRequest } from '@lc/shared/contracts/ops-staff';
import type { Db } from '../../db/client';
import type { ApprovalRow } from '../../db/schema/approvals';
import type { StaffRow } from '../../db/schema/staff';
import { AppError } from '../../lib/app-error';
import type { OpsActor } from '../../plugins/ops-auth';
import { requestApproval } from '../approvals/request-approval';
import type { AuditScope } from '../ops/record-audit';
import { findStaff } from './find-staff';
import { setStaffActive } from './set-staff-active';

export type UpdateStaffResult = { staff: StaffRow; approval: ApprovalRow | null };

/**
 * PATCH staff/{id}: `active` applies at once; a new `role` becomes a four-eyes request (backoffice.md), so
 * no single admin can give anyone — an accomplice, another account of their own — more rights alone.
 * Nobody changes their own account here (no self-deactivation, no self-promotion).
 */
export async function updateStaff(
  db: Db,
  input: {
    agencyId: string;
    id: string;
    body: TUpdateStaffRequest;
    caller: OpsActor;
    scope: AuditScope;
    now: Date;
  },
): Promise<UpdateStaffResult> {
  const { body, caller } = input;
  return db.transaction(async (tx) => {
    const member = await findStaff(tx, input.agencyId, input.id, { forUpdate: true });
    if (caller.kind === 'staff' && caller.staff.id === member.id) {
      throw new AppError(403, 'STAFF_CHANGE_NOT_ALLOWED', 'Ask another admin to change your own account');
    }
    const updated =
      body.active === undefined
        ? member
        : await setStaffActive(tx, {
            member,
            isActive: body.active,
            actor: caller.name,
            scope: input.scope,
            now: input.now,
          });
    if (body.role === undefined || body.role === member.role) return { staff: updated, approval: null };
    const approval = await requestApproval(tx, {
      agencyId: input.agencyId,
      kind: 'ROLE_CHANGE',
      payload: { staffId: member.id, username: member.username, from: member.role, to: body.role },
      reason: `role ${member.role} → ${body.role}`,
      caller,
      scope: input.scope,
      now: input.now,
    });
    return { staff: updated, approval };
  });
}
