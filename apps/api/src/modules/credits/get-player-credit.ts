import type { FastifyBaseLogger } from 'fastify';
import type { GameProvider } from '../../adapters/providers/game-provider';
import type { DbOrTx } from '../../db/client';
import { callProvider } from './call-provider';
import { ensureProviderMember, type MemberOwner } from './ensure-provider-member';

/** The player's live balance at the provider in THB satang (0 for a new member); 503 when it is down. */
export async function getPlayerCredit(
  db: DbOrTx,
  provider: GameProvider,
  owner: MemberOwner,
  log: FastifyBaseLogger,
): Promise<bigint> {
  const member = await ensureProviderMember(db, provider, owner, log);
  return callProvider(log, provider.provider, () => provider.getBalance(member));
}
