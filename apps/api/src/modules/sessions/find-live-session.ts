import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@lc/shared/limits';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type BankAccountRow, bankAccounts } from '../../db/schema/bank-accounts';
import { type PlayerRow, players, type SessionRow, sessions } from '../../db/schema/players';
import { batchedLookup } from '../../lib/batched-lookup';
import { perDatabase } from '../../lib/per-database';
import { hashSessionToken } from './session-token';

// Sliding expiry without a write on every request: last_seen moves at most once a minute.
const TOUCH_EVERY_MS = 60_000;

export type LiveSession = { session: SessionRow; player: PlayerRow };
export type LiveSessionWithBankAccounts = LiveSession & { bankAccounts: BankAccountRow[] };
type BankAccountJoin = LiveSession & { bankAccount: BankAccountRow | null };

// Every authenticated request starts with this look-up (profiled: it was most of an authenticated read's
// cost). So it is one statement, built once per database and prepared by name (node-postgres parses it
// once per connection, drizzle does not rebuild the SQL), and the look-ups of requests arriving together
// share one execution (batched-lookup.ts). Nothing is cached: each request reads the session as it is now.
function prepareLookups(db: Db) {
  // Each for several tokens and for one (see batchedLookup's `runOne`).
  const byTokens = sql`${sessions.tokenHash} = ANY(${sql.placeholder('tokenHashes')}::text[])`;
  const byToken = eq(sessions.tokenHash, sql.placeholder('tokenHash'));
  const sessionWhere = (where: SQL, name: string) =>
    db
      .select({ session: sessions, player: players })
      .from(sessions)
      .innerJoin(players, eq(players.id, sessions.playerId))
      .where(where)
      .prepare(name);
  // players/info also needs the bank accounts: joined here so that read stays one statement. Each
  // account is a row of its own, should a player ever hold several.
  const withBankAccountsWhere = (where: SQL, name: string) =>
    db
      .select({ session: sessions, player: players, bankAccount: bankAccounts })
      .from(sessions)
      .innerJoin(players, eq(players.id, sessions.playerId))
      .leftJoin(bankAccounts, eq(bankAccounts.playerId, players.id))
      .where(where)
      .prepare(name);
  const sessionOf = sessionWhere(byToken, 'find_live_session');
  const sessionsOf = sessionWhere(byTokens, 'find_live_sessions');
  const withBankAccountsOf = withBankAccountsWhere(byToken, 'find_live_session_with_bank_accounts');
  const withBankAccountsOfAll = withBankAccountsWhere(byTokens, 'find_live_sessions_with_bank_accounts');
  const tokenHashOf = (row: LiveSession) => row.session.tokenHash;
  return {
    session: batchedLookup<LiveSession>(
      (tokenHashes) => sessionsOf.execute({ tokenHashes }),
      tokenHashOf,
      (tokenHash) => sessionOf.execute({ tokenHash }),
    ),
    withBankAccounts: batchedLookup<BankAccountJoin>(
      (tokenHashes) => withBankAccountsOfAll.execute({ tokenHashes }),
      tokenHashOf,
      (tokenHash) => withBankAccountsOf.execute({ tokenHash }),
    ),
  };
}

const lookupsOf = perDatabase(prepareLookups);

/**
 * The live session of a cookie token and its player, or null when unknown, idle for more than 30 min,
 * older than 12 h, or of another agency. Expired rows are deleted on sight.
 */
export async function findLiveSession(
  db: Db,
  token: string,
  agencyId: string,
  now: Date,
): Promise<LiveSession | null> {
  const [row] = await lookupsOf(db).session.load(hashSessionToken(token));
  // A copy: requests that came with the same cookie in one batch share the rows, and isLive moves last_seen.
  const session = row && { ...row.session };
  if (!row || !session || !(await isLive(db, session, agencyId, now))) return null;
  return { session, player: row.player };
}

/** `findLiveSession` plus the player's bank accounts, read in the same statement. */
export async function findLiveSessionWithBankAccounts(
  db: Db,
  token: string,
  agencyId: string,
  now: Date,
): Promise<LiveSessionWithBankAccounts | null> {
  const rows = await lookupsOf(db).withBankAccounts.load(hashSessionToken(token));
  const [first] = rows;
  const session = first && { ...first.session };
  if (!first || !session || !(await isLive(db, session, agencyId, now))) return null;
  const accounts = rows.flatMap((row) => (row.bankAccount ? [row.bankAccount] : []));
  return { session, player: first.player, bankAccounts: accounts };
}

/** Applies the expiry rules to a found session: deletes it when dead, moves last_seen when due. */
async function isLive(db: Db, session: SessionRow, agencyId: string, now: Date): Promise<boolean> {
  // A session of agency A is not valid on agency B's host; it stays alive for its own host.
  if (session.agencyId !== agencyId) return false;
  const t = now.getTime();
  const isIdle = t - session.lastSeenAt.getTime() > SESSION_IDLE_MS;
  const isTooOld = t - session.createdAt.getTime() > SESSION_ABSOLUTE_MS;
  if (isIdle || isTooOld) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return false;
  }
  if (t - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
    session.lastSeenAt = now;
  }
  return true;
}
