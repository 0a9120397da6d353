import type { TProvider } from '@lc/shared/providers';
import type { Db } from '../../db/client';
import { type SandboxMemberRow, sandboxProviderMembers } from '../../db/schema/sandbox-providers';
import { findSandboxMember } from './sandbox-repository';

/** Creates the member with a zero balance unless it exists (idempotent); `isNew` tells which happened. */
export async function ensureSandboxMember(
  db: Db,
  provider: TProvider,
  username: string,
  now: Date,
): Promise<{ member: SandboxMemberRow; isNew: boolean }> {
  const inserted = await db
    .insert(sandboxProviderMembers)
    .values({ provider, username, createdAt: now })
    .onConflictDoNothing({ target: [sandboxProviderMembers.provider, sandboxProviderMembers.username] })
    .returning();
  if (inserted[0]) return { member: inserted[0], isNew: true };
  const member = await findSandboxMember(db, provider, username);
  if (!member) throw new Error(`sandbox member ${provider}/${username} vanished after insert`);
  return { member, isNew: false };
}
