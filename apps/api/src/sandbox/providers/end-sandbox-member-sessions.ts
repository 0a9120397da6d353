import type { TProvider } from '@lc/shared/providers';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxProviderLaunches as launches } from '../../db/schema/sandbox-providers';
import { SandboxError } from './sandbox-http';
import { findSandboxMember } from './sandbox-repository';

/**
 * Ends a member's game sessions: every live launch token of the member expires now, so its page shows the
 * expired page and its spins answer 404 LAUNCH_NOT_FOUND. A spin in progress holds its launch row
 * (find-sandbox-launch.ts), so this waits for it; once it answers, no spin of an old token moves money.
 * Idempotent: ending again finds nothing live. 404 MEMBER_NOT_FOUND for a member never created.
 */
export async function endSandboxMemberSessions(
  db: Db,
  provider: TProvider,
  username: string,
  now: Date,
): Promise<{ username: string; ended: number }> {
  const member = await findSandboxMember(db, provider, username);
  if (!member) throw new SandboxError(404, 'MEMBER_NOT_FOUND', `No member ${username}`);
  const ended = await db
    .update(launches)
    .set({ expiresAt: now })
    .where(and(eq(launches.memberId, member.id), gt(launches.expiresAt, now)))
    .returning({ tokenHash: launches.tokenHash });
  return { username, ended: ended.length };
}
