import type { FastifyBaseLogger } from 'fastify';
import type { GameProvider } from '../../adapters/providers/game-provider';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { callProvider } from '../credits/call-provider';
import { ensureProviderMember, type MemberOwner } from '../credits/ensure-provider-member';
import { hasReceivedCredit } from '../ledger/has-received-credit';

/**
 * A URL that opens a game for the player. Only players who have had credit put in (a deposit or a staff
 * adjustment) may play (domain.md: 403 GAME_NEEDS_DEPOSIT); the code must be in the provider's catalogue (404 otherwise); no code opens the
 * provider's first game, as a lobby would.
 */
export async function launchGame(
  db: DbOrTx,
  provider: GameProvider,
  owner: MemberOwner,
  gameCode: string | undefined,
  log: FastifyBaseLogger,
): Promise<string> {
  if (!(await hasReceivedCredit(db, owner.playerId))) {
    throw new AppError(403, 'GAME_NEEDS_DEPOSIT', 'Cannot open game (please deposit)');
  }
  const member = await ensureProviderMember(db, provider, owner, log);
  const catalogue = await callProvider(log, provider.provider, () => provider.listGames());
  const game = gameCode ? catalogue.games.find((g) => g.code === gameCode) : catalogue.games[0];
  if (!game) throw new AppError(404, 'NOT_FOUND', 'No such game');
  return callProvider(log, provider.provider, () => provider.launchUrl(member, game.code));
}
