import type { TStaffPasswordRequest } from '@lc/shared/contracts/ops-staff';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type StaffRow, type StaffSessionRow, staff, staffSessions } from '../../db/schema/staff';
import { AppError } from '../../lib/app-error';
import { assertPasswordAllowed } from '../../lib/assert-password-allowed';
import { hashPassword, verifyPassword } from '../../lib/password';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { clearUsernameFailures, takeLoginAttempt } from '../players/login-throttle';

/**
 * The member's own new password (players' rules); ends their other sessions. At first sign-in this replaces
 * the one-time initial password.
 */
export async function changeStaffPassword(
  db: Db,
  input: {
    member: StaffRow;
    session: StaffSessionRow;
    body: TStaffPasswordRequest;
    scope: AuditScope;
    /** The caller's address: the current password is guessed against the sign-in's budget. */
    ip: string;
    now: Date;
  },
): Promise<void> {
  const { member, body } = input;
  // The sign-in's throttle (login-staff.ts): a stolen session must not try passwords freely here.
  const key = {
    agencyId: member.agencyId,
    username: `staff:${member.username}`,
    ip: input.ip,
    now: input.now,
  };
  await takeLoginAttempt(db, key);
  // A wrong password keeps the attempt taken above as a failure.
  if (!(await verifyPassword(member.passwordHash, body.currentPassword))) {
    throw new AppError(400, 'WRONG_CURRENT_PASSWORD', 'Current password is wrong');
  }
  await clearUsernameFailures(db, key);
  if (body.newPassword === body.currentPassword) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Choose a new password', { newPassword: 'INVALID' });
  }
  assertPasswordAllowed(body.newPassword, member, 'newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash, mustChangePassword: false }).where(eq(staff.id, member.id));
    await tx
      .delete(staffSessions)
      .where(and(eq(staffSessions.staffId, member.id), ne(staffSessions.id, input.session.id)));
    await recordAudit(tx, {
      actor: member.username,
      scope: input.scope,
      action: 'staff.password',
      target: `staff:${member.id}`,
      at: input.now,
    });
  });
}
