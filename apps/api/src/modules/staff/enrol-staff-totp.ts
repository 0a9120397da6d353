import type { Db } from '../../db/client';
import type { StaffRow } from '../../db/schema/staff';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { confirmTotp } from '../security/confirm-totp';
import { staffSecondFactors } from './staff-second-factors';

/** Finishes the member's TOTP enrolment with a code of the secret shown at sign-in; ten recovery codes. */
export async function enrolStaffTotp(
  db: Db,
  input: { member: StaffRow; code: string; scope: AuditScope; now: Date },
): Promise<{ recoveryCodes: string[] }> {
  const recoveryCodes = await db.transaction(async (tx) => {
    const codes = await confirmTotp(tx, staffSecondFactors, input.member.id, input.code, input.now);
    await recordAudit(tx, {
      actor: input.member.username,
      scope: input.scope,
      action: 'staff.totp-enrol',
      target: `staff:${input.member.id}`,
      at: input.now,
    });
    return codes;
  });
  return { recoveryCodes };
}
