import type { TProvider } from '@lc/shared/providers';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  sandboxProviderMembers as members,
  type SandboxMemberRow,
  type SandboxTransferRow,
  sandboxProviderTransfers as transfers,
} from '../../db/schema/sandbox-providers';
import { type BatchedLookup, batchedLookup } from '../../lib/batched-lookup';
import { perDatabase } from '../../lib/per-database';
import { SandboxError } from './sandbox-http';

const memberKey = (provider: TProvider, username: string) =>
  and(eq(members.provider, provider), eq(members.username, username));

// Every balance read of a credit check lands here: one statement prepared once per database, shared by
// the reads that arrive together (see find-live-session.ts for why).
function prepareMemberLookup(db: Db, provider: TProvider): BatchedLookup<SandboxMemberRow> {
  const membersWhere = (byName: SQL, name: string) =>
    db
      .select()
      .from(members)
      .where(and(eq(members.provider, sql.placeholder('provider')), byName))
      .prepare(name);
  const ofUsernames = membersWhere(
    sql`${members.username} = ANY(${sql.placeholder('usernames')}::text[])`,
    'find_sandbox_members',
  );
  const ofUsername = membersWhere(eq(members.username, sql.placeholder('username')), 'find_sandbox_member');
  return batchedLookup(
    (usernames) => ofUsernames.execute({ provider, usernames }),
    (row) => row.username,
    (username) => ofUsername.execute({ provider, username }),
  );
}

const memberLookupsOf = perDatabase((_db: Db) => new Map<TProvider, BatchedLookup<SandboxMemberRow>>());

/** A member of a sandbox provider, or null. */
export async function findSandboxMember(
  db: Db,
  provider: TProvider,
  username: string,
): Promise<SandboxMemberRow | null> {
  const byProvider = memberLookupsOf(db);
  let lookup = byProvider.get(provider);
  if (!lookup) {
    lookup = prepareMemberLookup(db, provider);
    byProvider.set(provider, lookup);
  }
  const [row] = await lookup.load(username);
  return row ?? null;
}

/** The member row locked FOR UPDATE until `tx` (a transaction) ends; 404 MEMBER_NOT_FOUND when there is none. */
export async function lockSandboxMember(
  tx: DbOrTx,
  provider: TProvider,
  username: string,
): Promise<SandboxMemberRow> {
  const [row] = await tx.select().from(members).where(memberKey(provider, username)).for('update');
  if (!row) throw new SandboxError(404, 'MEMBER_NOT_FOUND', `No member ${username}`);
  return row;
}

/** The member row with this id locked FOR UPDATE until `tx` (a transaction) ends. */
export async function lockSandboxMemberById(tx: DbOrTx, memberId: string): Promise<SandboxMemberRow> {
  const [row] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
  if (!row) throw new SandboxError(404, 'MEMBER_NOT_FOUND', 'No such member');
  return row;
}

/** The transfer of a provider with this reference, with its member's username; or null. */
export async function findSandboxTransfer(
  db: DbOrTx,
  provider: TProvider,
  reference: string,
): Promise<(SandboxTransferRow & { username: string }) | null> {
  const [row] = await db
    .select({ transfer: transfers, username: members.username })
    .from(transfers)
    .innerJoin(members, eq(members.id, transfers.memberId))
    .where(and(eq(transfers.provider, provider), eq(transfers.reference, reference)))
    .limit(1);
  return row ? { ...row.transfer, username: row.username } : null;
}
