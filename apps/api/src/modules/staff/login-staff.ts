import type { TStaffSessionRequest } from '@lc/shared/contracts/ops-staff';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import { type StaffRow, staff, staffSessions, staffTotp } from '../../db/schema/staff';
import { AppError, isAppError } from '../../lib/app-error';
import { verifyDummyPassword, verifyPassword } from '../../lib/password';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { clearUsernameFailures, takeLoginAttempt } from '../players/login-throttle';
import type { RequestMeta } from '../players/request-meta';
import { consumeSecondFactor } from '../security/consume-second-factor';
import { hashSessionToken, newSessionToken } from '../sessions/session-token';
import { pendingStaffTotp } from './pending-staff-totp';
import { staffSecondFactors } from './staff-second-factors';

export type LoginStaffInput = {
  agency: AgencyRow;
  body: TStaffSessionRequest;
  /** The staff cookie the browser still carried: rotated away at sign-in. */
  previousToken: string | undefined;
  meta: RequestMeta;
  scope: AuditScope;
};

export type StaffLogin = {
  staff: StaffRow;
  token: string;
  mustEnrolTotp: boolean;
  /** Only before enrolment: the secret to enrol, the same until enrolled (pending-staff-totp.ts). */
  totp?: { secret: string; otpauthUrl: string };
};

const invalid = () => new AppError(401, 'INVALID_CREDENTIALS', 'Incorrect username, password or code');

/**
 * Staff sign-in: the players' throttle (its own usernames, `staff:<name>`, the same per-address budget),
 * password, then the TOTP or a recovery code once enrolled. Before enrolment it hands out the secret to
 * enrol with (the same at every sign-in until enrolled). One 401 for unknown user, deactivated member, wrong password and wrong code; every failure
 * is audited.
 */
export async function loginStaff(db: Db, input: LoginStaffInput): Promise<StaffLogin> {
  const username = input.body.username.toLowerCase();
  const { now } = input.meta;
  const key = { agencyId: input.agency.id, username: `staff:${username}`, ip: input.meta.ip, now };
  await takeLoginAttempt(db, key);
  try {
    const [member] = await db
      .select()
      .from(staff)
      .where(and(eq(staff.agencyId, input.agency.id), eq(staff.username, username)));
    const isValid = member
      ? await verifyPassword(member.passwordHash, input.body.password)
      : await verifyDummyPassword(input.body.password);
    if (!member || !isValid || !member.isActive) throw invalid();
    const [totp] = await db.select().from(staffTotp).where(eq(staffTotp.staffId, member.id));
    const isEnrolled = totp?.enabledAt != null;
    const { code } = input.body;
    if (isEnrolled && code === undefined)
      throw new AppError(401, 'TOTP_REQUIRED', 'Enter the code of your authenticator app');
    return await db.transaction(async (tx) => {
      if (isEnrolled && code !== undefined) {
        if (!(await consumeSecondFactor(tx, staffSecondFactors, member.id, code, now))) throw invalid();
      }
      const totpSetUp = isEnrolled ? undefined : await pendingStaffTotp(tx, member, input.agency.name, now);
      if (input.previousToken) {
        // Only a session of this agency: a cookie of another agency's member is not this host's to end.
        await tx
          .delete(staffSessions)
          .where(
            and(
              eq(staffSessions.tokenHash, hashSessionToken(input.previousToken)),
              inArray(
                staffSessions.staffId,
                tx.select({ id: staff.id }).from(staff).where(eq(staff.agencyId, input.agency.id)),
              ),
            ),
          );
      }
      await clearUsernameFailures(tx, key);
      const token = newSessionToken();
      await tx.insert(staffSessions).values({
        tokenHash: hashSessionToken(token),
        staffId: member.id,
        createdAt: now,
        lastSeenAt: now,
        ip: input.meta.ip,
        userAgent: input.meta.userAgent?.slice(0, 512) ?? null,
      });
      const [signedIn] = await tx
        .update(staff)
        .set({ lastLoginAt: now })
        .where(eq(staff.id, member.id))
        .returning();
      await recordAudit(tx, {
        actor: username,
        scope: input.scope,
        action: 'staff.login',
        target: `staff:${member.id}`,
        at: now,
      });
      return {
        staff: signedIn ?? member,
        token,
        mustEnrolTotp: !isEnrolled,
        ...(totpSetUp ? { totp: totpSetUp } : {}),
      };
    });
  } catch (error) {
    if (isAppError(error) && error.status === 401) {
      await recordAudit(db, {
        actor: username,
        scope: input.scope,
        action: 'staff.login',
        target: `staff-username:${username}`,
        outcome: `FAILED:${error.code}`,
        at: now,
      });
    }
    throw error;
  }
}
