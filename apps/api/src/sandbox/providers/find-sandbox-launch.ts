import type { TProvider } from '@lc/shared/providers';
import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  sandboxProviderGames as games,
  sandboxProviderLaunches as launches,
  sandboxProviderMembers as members,
} from '../../db/schema/sandbox-providers';
import { hashLaunchToken } from './launch-sandbox-game';
import { SandboxError } from './sandbox-http';

export type SandboxLaunch = {
  provider: TProvider;
  memberId: string;
  username: string;
  balance: bigint;
  gameCode: string;
  gameName: string;
};

/**
 * The live launch of a token at this provider, with its member and game; 404 LAUNCH_NOT_FOUND otherwise.
 * `holdLaunch` (inside a transaction): the launch row is locked FOR SHARE until it ends, so ending the
 * member's sessions (end-sandbox-member-sessions.ts) waits for a spin in progress, and a spin that starts
 * after it sees the token ended.
 */
export async function findSandboxLaunch(
  db: DbOrTx,
  provider: TProvider,
  token: string,
  now: Date,
  holdLaunch = false,
): Promise<SandboxLaunch> {
  const query = db
    .select({
      memberId: launches.memberId,
      username: members.username,
      balance: members.balance,
      gameCode: launches.gameCode,
      gameName: games.name,
    })
    .from(launches)
    .innerJoin(members, eq(members.id, launches.memberId))
    .innerJoin(games, and(eq(games.provider, launches.provider), eq(games.code, launches.gameCode)))
    .where(
      and(
        eq(launches.tokenHash, hashLaunchToken(token)),
        eq(launches.provider, provider),
        gt(launches.expiresAt, now),
      ),
    )
    .limit(1);
  const [row] = await (holdLaunch ? query.for('share', { of: launches }) : query);
  if (!row) throw new SandboxError(404, 'LAUNCH_NOT_FOUND', 'This game link has expired');
  return { provider, ...row };
}
