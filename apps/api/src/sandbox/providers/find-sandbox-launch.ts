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

/** The live launch of a token at this provider, with its member and game; 404 LAUNCH_NOT_FOUND otherwise. */
export async function findSandboxLaunch(
  db: DbOrTx,
  provider: TProvider,
  token: string,
  now: Date,
): Promise<SandboxLaunch> {
  const [row] = await db
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
  if (!row) throw new SandboxError(404, 'LAUNCH_NOT_FOUND', 'This game link has expired');
  return { provider, ...row };
}
