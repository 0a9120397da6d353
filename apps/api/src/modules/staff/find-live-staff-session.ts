import { STAFF_SESSION_ABSOLUTE_MS, STAFF_SESSION_IDLE_MS } from '@lc/shared/limits';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type StaffRow, type StaffSessionRow, staff, staffSessions, staffTotp } from '../../db/schema/staff';
import { hashSessionToken } from '../sessions/session-token';

// As for players: last_seen moves at most once a minute, not on every request.
const TOUCH_EVERY_MS = 60_000;

export type LiveStaffSession = { session: StaffSessionRow; staff: StaffRow; hasTotp: boolean };

/**
 * The live session of a staff cookie token, or null when unknown, idle over 15 min, older than 8 h, of
 * another agency, or of a deactivated member — so a deactivation ends every session at its next request,
 * whichever process serves it. Dead rows are deleted on sight.
 */
export async function findLiveStaffSession(
  db: Db,
  token: string,
  agencyId: string,
  now: Date,
): Promise<LiveStaffSession | null> {
  const [row] = await db
    .select({ session: staffSessions, staff, totpEnabledAt: staffTotp.enabledAt })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .leftJoin(staffTotp, eq(staffTotp.staffId, staff.id))
    .where(eq(staffSessions.tokenHash, hashSessionToken(token)));
  if (!row || row.staff.agencyId !== agencyId) return null;
  const t = now.getTime();
  const isIdle = t - row.session.lastSeenAt.getTime() > STAFF_SESSION_IDLE_MS;
  const isTooOld = t - row.session.createdAt.getTime() > STAFF_SESSION_ABSOLUTE_MS;
  if (isIdle || isTooOld || !row.staff.isActive) {
    await db.delete(staffSessions).where(eq(staffSessions.id, row.session.id));
    return null;
  }
  if (t - row.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.session.id));
    row.session.lastSeenAt = now;
  }
  return { session: row.session, staff: row.staff, hasTotp: row.totpEnabledAt !== null };
}
