import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffRecoveryCodes, staffSessions, staffTotp } from '../../db/schema/staff';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { findStaff } from './find-staff';

/**
 * A lost phone: the member's TOTP and recovery codes are deleted and their sessions end; the next sign-in
 * (password only) shows a new secret to enrol. Audited.
 */
export async function resetStaffTotp(
  db: Db,
  input: { agencyId: string; id: string; actor: string; scope: AuditScope; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await findStaff(tx, input.agencyId, input.id, { forUpdate: true });
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, member.id));
    await tx.delete(staffTotp).where(eq(staffTotp.staffId, member.id));
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, member.id));
    await recordAudit(tx, {
      actor: input.actor,
      scope: input.scope,
      action: 'staff.reset-totp',
      target: `staff:${member.id}`,
      at: input.now,
    });
  });
}
