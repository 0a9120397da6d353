import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type StaffRow, staff, staffSessions } from '../../db/schema/staff';
import { type AuditScope, recordAudit } from '../ops/record-audit';

/** Activates or deactivates a member; a deactivation ends all their sessions at once. Audited. */
export async function setStaffActive(
  tx: DbOrTx,
  input: { member: StaffRow; isActive: boolean; actor: string; scope: AuditScope; now: Date },
): Promise<StaffRow> {
  const { member } = input;
  if (member.isActive === input.isActive) return member;
  const [updated] = await tx
    .update(staff)
    .set({ isActive: input.isActive })
    .where(eq(staff.id, member.id))
    .returning();
  if (!input.isActive) await tx.delete(staffSessions).where(eq(staffSessions.staffId, member.id));
  await recordAudit(tx, {
    actor: input.actor,
    scope: input.scope,
    action: input.isActive ? 'staff.activate' : 'staff.deactivate',
    target: `staff:${member.id}`,
    before: { active: member.isActive },
    after: { active: input.isActive },
    at: input.now,
  });
  return updated ?? member;
}
