import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { GameProvider } from '../../adapters/providers/game-provider';
import { players } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { callProvider } from '../credits/call-provider';
import { ensureProviderMember, type MemberOwner } from '../credits/ensure-provider-member';
import { hasReceivedCredit } from '../ledger/has-received-credit';
import { endGameSessions, queueGameSessionEnds } from '../play-limits/end-game-sessions';
import { restrictedError, restrictionOf } from '../play-limits/restriction';

/**
 * A URL that opens a game for the player. Only players who have had credit put in (a deposit or a staff
 * adjustment) may play (domain.md: 403 GAME_NEEDS_DEPOSIT); the code must be in the provider's catalogue (404 otherwise); no code opens the
 * provider's first game, as a lobby would. The route refuses a restricted player before (refuseRestricted);
 * a time-out or self-exclusion that starts while the provider is making the URL ends it again (below).
 */
export async function launchGame(
  app: FastifyInstance,
  provider: GameProvider,
  owner: MemberOwner,
  gameCode: string | undefined,
  log: FastifyBaseLogger,
): Promise<string> {
  const { db } = app;
  if (!(await hasReceivedCredit(db, owner.playerId))) {
    throw new AppError(403, 'GAME_NEEDS_DEPOSIT', 'Cannot open game (please deposit)');
  }
  const member = await ensureProviderMember(db, provider, owner, log);
  const catalogue = await callProvider(log, provider.provider, () => provider.listGames());
  const game = gameCode ? catalogue.games.find((g) => g.code === gameCode) : catalogue.games[0];
  if (!game) throw new AppError(404, 'NOT_FOUND', 'No such game');
  const url = await callProvider(log, provider.provider, () => provider.launchUrl(member, game.code));
  await refuseIfRestrictedMeanwhile(app, owner, provider, log);
  return url;
}

/**
 * A restriction that committed after the route checked the player may have ended the member's sessions
 * before the provider made this URL: then the URL is ended as well (or left pending for the worker) and the
 * launch refused like any restricted one. One that commits after this read still sees the member (its ledger
 * account was opened before the provider was asked) and ends the URL itself.
 */
async function refuseIfRestrictedMeanwhile(
  app: FastifyInstance,
  owner: MemberOwner,
  provider: GameProvider,
  log: FastifyBaseLogger,
): Promise<void> {
  const [row] = await app.db
    .select({ restrictionKind: players.restrictionKind, restrictedUntil: players.restrictedUntil })
    .from(players)
    .where(eq(players.id, owner.playerId));
  const now = app.now();
  const restriction = row && restrictionOf(row, now);
  if (!restriction) return;
  await queueGameSessionEnds(app.db, {
    playerId: owner.playerId,
    agencyId: owner.agencyId,
    now,
    provider: provider.provider,
  });
  await endGameSessions(app, owner.playerId, log, [provider.provider]);
  throw restrictedError(restriction);
}
