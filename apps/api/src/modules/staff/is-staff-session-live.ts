import { STAFF_SESSION_ABSOLUTE_MS, STAFF_SESSION_IDLE_MS } from '@lc/shared/limits';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staff, staffSessions } from '../../db/schema/staff';

/**
 * Whether a staff session still exists, is within its idle and absolute limits and its member is active,
 * read only: the back office's event stream asks this at each heartbeat without moving last_seen, so a
 * deactivated member's stream ends within one beat and an open tab alone never keeps a session alive.
 */
export async function isStaffSessionLive(db: Db, sessionId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({
      lastSeenAt: staffSessions.lastSeenAt,
      createdAt: staffSessions.createdAt,
      isActive: staff.isActive,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.id, sessionId));
  if (!row?.isActive) return false;
  const t = now.getTime();
  return (
    t - row.lastSeenAt.getTime() <= STAFF_SESSION_IDLE_MS &&
    t - row.createdAt.getTime() <= STAFF_SESSION_ABSOLUTE_MS
  );
}
