import type { TCreateStaffRequest, TStaffRole } from '@lc/shared/contracts/ops-staff';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ApprovalRow } from '../../db/schema/approvals';
import { staff } from '../../db/schema/staff';
import { AppError } from '../../lib/app-error';
import type { OpsActor } from '../../plugins/ops-auth';
import { findPendingApproval } from '../approvals/find-pending-approval';
import { requestApproval } from '../approvals/request-approval';
import type { AuditScope } from '../ops/record-audit';
import { staffUsernameOf } from './create-staff';

/** The roles that decide four-eyes requests: a member of one is created only with a second admin's approval. */
export const APPROVING_ROLES: ReadonlySet<TStaffRole> = new Set(['finance', 'admin']);

/** The subject of a STAFF_CREATE request: at most one waits per username. */
export const staffCreationSubject = (username: string) => `staff-create:${username}`;

/**
 * An admin asks for a member who can approve (decision 0065): a STAFF_CREATE request that a second admin
 * approves, which creates the member (decide-approval.ts) and answers that admin the one-time password. A
 * username already taken, or already asked for, is refused now rather than at the approval.
 */
export async function requestStaffCreation(
  db: Db,
  input: { agencyId: string; body: TCreateStaffRequest; caller: OpsActor; scope: AuditScope; now: Date },
): Promise<ApprovalRow> {
  const username = staffUsernameOf(input.body);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.agencyId, input.agencyId), eq(staff.username, username)));
    const asked = await findPendingApproval(tx, input.agencyId, staffCreationSubject(username));
    if (taken || asked)
      throw new AppError(409, 'USERNAME_TAKEN', 'A staff member has, or is asked with, this username');
    return requestApproval(tx, {
      agencyId: input.agencyId,
      kind: 'STAFF_CREATE',
      subject: staffCreationSubject(username),
      payload: { username, displayName: input.body.displayName, role: input.body.role },
      reason: `new ${input.body.role} member ${username}`,
      caller: input.caller,
      scope: input.scope,
      now: input.now,
    });
  });
}
