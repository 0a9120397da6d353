import {
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_MAX_FAILURES_PER_USERNAME,
  LOGIN_THROTTLE_WINDOW_MS,
} from '@lc/shared/limits';
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginFailures } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';

type Key = { agencyId: string; username: string; ip: string; now: Date };

/**
 * Seconds until the `max`-th most recent failure leaves the window, or 0 when fewer than `max` failures
 * fall inside it. Rows live in PostgreSQL, so every API process sees the same counts.
 */
async function secondsBlocked(
  db: DbOrTx,
  where: ReturnType<typeof and>,
  max: number,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(where)
    .orderBy(desc(loginFailures.createdAt))
    .limit(1)
    .offset(max - 1);
  if (!row) return 0;
  const ms = row.createdAt.getTime() + LOGIN_THROTTLE_WINDOW_MS - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

/** Throws 429 RATE_LIMITED (with Retry-After) after 5 failures per username or 30 per IP in 15 min. */
export async function assertLoginAllowed(db: DbOrTx, key: Key): Promise<void> {
  const since = new Date(key.now.getTime() - LOGIN_THROTTLE_WINDOW_MS);
  const byUsername = await secondsBlocked(
    db,
    and(
      eq(loginFailures.agencyId, key.agencyId),
      eq(loginFailures.username, key.username),
      gt(loginFailures.createdAt, since),
    ),
    LOGIN_MAX_FAILURES_PER_USERNAME,
    key.now,
  );
  const byIp = await secondsBlocked(
    db,
    and(eq(loginFailures.ip, key.ip), gt(loginFailures.createdAt, since)),
    LOGIN_MAX_FAILURES_PER_IP,
    key.now,
  );
  const seconds = Math.max(byUsername, byIp);
  if (seconds > 0) {
    throw new AppError(429, 'RATE_LIMITED', 'Too many failed logins, try again later', undefined, {
      'retry-after': String(seconds),
    });
  }
}

/** Counts one failed login; also prunes rows that left the window so the table stays small. */
export async function recordLoginFailure(db: DbOrTx, key: Key): Promise<void> {
  await db.insert(loginFailures).values({
    agencyId: key.agencyId,
    username: key.username,
    ip: key.ip,
    createdAt: key.now,
  });
  const expired = new Date(key.now.getTime() - LOGIN_THROTTLE_WINDOW_MS);
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.ip, key.ip), lt(loginFailures.createdAt, expired)));
}

/** A successful login forgets the username's failures (the IP count stays: it guards against spraying). */
export async function clearUsernameFailures(db: DbOrTx, key: Omit<Key, 'ip' | 'now'>): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.agencyId, key.agencyId), eq(loginFailures.username, key.username)));
}
