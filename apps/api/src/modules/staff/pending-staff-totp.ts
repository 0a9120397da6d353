import { eq } from 'drizzle-orm';
import { generateSecret } from 'otplib';
import type { DbOrTx } from '../../db/client';
import { type StaffRow, staffTotp } from '../../db/schema/staff';
import { AppError } from '../../lib/app-error';
import { totpUri } from '../security/set-up-totp';

/**
 * The secret the member is enrolling, kept in their staff_totp row (unconfirmed) from the first sign-in until
 * a code of it is confirmed: the same at every sign-in and every reload in between, so the authenticator
 * entry a member scanned stays the right one (decision 0076). An admin's reset deletes the row, and the next
 * sign-in starts a new secret. Once enrolled it is never shown again (409 TOTP_ALREADY_ENABLED).
 */
export async function pendingStaffTotp(
  tx: DbOrTx,
  member: StaffRow,
  agencyName: string,
  now: Date,
): Promise<{ secret: string; otpauthUrl: string }> {
  // Two sign-ins at once both find no row: the first insert wins, and both answer its secret.
  await tx
    .insert(staffTotp)
    .values({ staffId: member.id, secret: generateSecret(), createdAt: now })
    .onConflictDoNothing({ target: staffTotp.staffId });
  const [row] = await tx.select().from(staffTotp).where(eq(staffTotp.staffId, member.id));
  if (!row) throw new Error(`staff_totp of ${member.id} vanished`);
  if (row.enabledAt) throw new AppError(409, 'TOTP_ALREADY_ENABLED', 'TOTP is already enabled');
  return {
    secret: row.secret,
    otpauthUrl: totpUri(`${agencyName} back office`, member.username, row.secret),
  };
}
