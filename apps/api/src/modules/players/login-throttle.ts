import {
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_MAX_FAILURES_PER_USERNAME,
  LOGIN_THROTTLE_WINDOW_MS,
} from '@lc/shared/limits';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { loginFailures } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';

type Key = { agencyId: string; username: string; ip: string; now: Date };

/**
 * The throttle key of an account's second-factor codes: the same rows, under a name no username can have
 * (usernames are `a-z 0-9 - _`), so wrong codes have a budget of their own and leave the password's alone,
 * while still counting for the address (decision 0075).
 */
export function secondFactorKey<K extends { username: string }>(key: K): K {
  return { ...key, username: `totp:${key.username}` };
}

// Class id of the advisory locks below, so they never meet the migration lock or another feature's locks.
const THROTTLE_LOCK_CLASS = 7301;

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

/**
 * Takes one password check out of the budget of the username (`perUsername`, 5 per 15 min) and of the
 * address (30 per 15 min) *before* the password is checked; throws 429 RATE_LIMITED with Retry-After when
 * either is spent. A second-factor code is taken the same way under {@link secondFactorKey}.
 * The attempt is written as a failure at once: a check that then succeeds gives it back through
 * `clearUsernameFailures`, one that fails or never finishes keeps it. Attempts on the same username or
 * address wait for each other on advisory locks, so parallel requests cannot all read "4 failures" and all
 * go on to check a password.
 */
export async function takeLoginAttempt(
  db: Db,
  key: Key,
  perUsername = LOGIN_MAX_FAILURES_PER_USERNAME,
): Promise<void> {
  const usernameLock = `user:${key.agencyId}:${key.username}`;
  const ipLock = `ip:${key.ip}`;
  await db.transaction(async (tx) => {
    // Both locks in one statement, in hash order, so two attempts never hold one each and wait crosswise.
    await tx.execute(sql`
      SELECT pg_advisory_xact_lock(${THROTTLE_LOCK_CLASS}, h)
      FROM (SELECT DISTINCT hashtext(k) AS h FROM unnest(ARRAY[${usernameLock}, ${ipLock}]::text[]) AS k ORDER BY h) AS locks`);
    const since = new Date(key.now.getTime() - LOGIN_THROTTLE_WINDOW_MS);
    const byUsername = await secondsBlocked(
      tx,
      and(
        eq(loginFailures.agencyId, key.agencyId),
        eq(loginFailures.username, key.username),
        gt(loginFailures.createdAt, since),
      ),
      perUsername,
      key.now,
    );
    const byIp = await secondsBlocked(
      tx,
      and(eq(loginFailures.ip, key.ip), gt(loginFailures.createdAt, since)),
      LOGIN_MAX_FAILURES_PER_IP,
      key.now,
    );
    const seconds = Math.max(byUsername, byIp);
    if (seconds > 0) {
      throw new AppError(429, 'RATE_LIMITED', 'Too many failed attempts, try again later', undefined, {
        'retry-after': String(seconds),
      });
    }
    await tx.insert(loginFailures).values({
      agencyId: key.agencyId,
      username: key.username,
      ip: key.ip,
      createdAt: key.now,
    });
    // Rows that left the window count for nothing any more; dropping them keeps the table small.
    await tx
      .delete(loginFailures)
      .where(and(eq(loginFailures.ip, key.ip), lt(loginFailures.createdAt, since)));
  });
}

/**
 * A password check that succeeded: forgets the username's failures, the attempt just taken included, so
 * it counts neither against the username nor against the address.
 */
export async function clearUsernameFailures(db: DbOrTx, key: Omit<Key, 'ip' | 'now'>): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.agencyId, key.agencyId), eq(loginFailures.username, key.username)));
}
