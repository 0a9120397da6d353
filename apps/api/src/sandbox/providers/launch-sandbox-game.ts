import { createHash, randomBytes } from 'node:crypto';
import type { TProvider } from '@lc/shared/providers';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  sandboxProviderGames as games,
  sandboxProviderLaunches as launches,
} from '../../db/schema/sandbox-providers';
import { SandboxError } from './sandbox-http';
import { findSandboxMember } from './sandbox-repository';

/** How long a demo game link stays playable. */
export const LAUNCH_TTL_MS = 4 * 60 * 60 * 1000;

export const hashLaunchToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Opens a demo game for a member: a random token (only its hash is stored) that authorises the game page and
 * its spins until it expires. No game code opens the provider's first game, like a lobby would.
 */
export async function launchSandboxGame(
  db: Db,
  provider: TProvider,
  username: string,
  gameCode: string | undefined,
  now: Date,
): Promise<{ url: string }> {
  const member = await findSandboxMember(db, provider, username);
  if (!member) throw new SandboxError(404, 'MEMBER_NOT_FOUND', `No member ${username}`);
  const [game] = await db
    .select({ code: games.code })
    .from(games)
    .where(
      gameCode ? and(eq(games.provider, provider), eq(games.code, gameCode)) : eq(games.provider, provider),
    )
    .orderBy(asc(games.sortOrder))
    .limit(1);
  if (!game) throw new SandboxError(404, 'GAME_NOT_FOUND', `No game ${gameCode ?? ''}`);
  const token = randomBytes(24).toString('base64url');
  await db.insert(launches).values({
    tokenHash: hashLaunchToken(token),
    provider,
    memberId: member.id,
    gameCode: game.code,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LAUNCH_TTL_MS),
  });
  // Relative: the page is served by this same origin, whatever host name the player's browser uses.
  return { url: `/sandbox/providers/${provider}/play/${token}` };
}
