import type { FastifyBaseLogger } from 'fastify';
import type { GameProvider, ProviderMember } from '../../adapters/providers/game-provider';
import { providerMemberOf } from '../../adapters/providers/member-name';
import type { DbOrTx } from '../../db/client';
import { findAccountIds } from '../ledger/account-ids';
import { playerProviderAccount } from '../ledger/account-key';
import { callProvider } from './call-provider';

export type MemberOwner = { agencyId: string; agencyCode: string; playerId: string };

// Members already ensured by this process, per client. Keyed by the client object rather than held in a
// module-level set, so each app (and each test app) has its own; the in-flight promise is shared so
// parallel first calls (five credit reads at login) ask the provider once.
const ensured = new WeakMap<GameProvider, Map<string, Promise<void>>>();
const MAX_REMEMBERED = 50_000;

/**
 * The player's member at the provider, created there on first use (idempotent at the provider too), with
 * its PLAYER_PROVIDER ledger account opened so reconciliation knows every wallet we ever created.
 * The provider being down → 503 PROVIDER_UNAVAILABLE.
 */
export async function ensureProviderMember(
  db: DbOrTx,
  provider: GameProvider,
  owner: MemberOwner,
  log: FastifyBaseLogger,
): Promise<ProviderMember> {
  const member = providerMemberOf(owner.agencyCode, owner.playerId);
  let known = ensured.get(provider);
  if (!known) {
    known = new Map();
    ensured.set(provider, known);
  }
  let pending = known.get(member.username);
  if (!pending) {
    if (known.size >= MAX_REMEMBERED) known.clear();
    pending = (async () => {
      // Opened and its id read, so the player's first posting finds it known (account-ids.ts).
      await findAccountIds(db, owner.agencyId, [playerProviderAccount(owner.playerId, provider.provider)]);
      await callProvider(log, provider.provider, () => provider.ensureMember(member));
    })();
    known.set(member.username, pending);
    // A failure is not remembered: the next request tries again.
    pending.catch(() => known.delete(member.username));
  }
  await pending;
  return member;
}
