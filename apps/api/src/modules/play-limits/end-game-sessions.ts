import type { TProvider } from '@lc/shared/providers';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { providerMemberOf } from '../../adapters/providers/member-name';
import type { DbOrTx } from '../../db/client';
import { agencies } from '../../db/schema/agency';
import { gameSessionEnds } from '../../db/schema/game-session-ends';
import { ledgerAccounts } from '../../db/schema/ledger';
import { players } from '../../db/schema/players';

// A time-out or self-exclusion ends the player's game sessions at the providers, not only ours: a launch URL
// handed out before would otherwise go on playing (issue #36 item 11). The end is written down in the
// restriction's transaction and asked of the providers after it commits; a provider that is down leaves
// its row, which the worker retries (docs/decisions/0066-a-restriction-ends-game-sessions.md).

/**
 * A game-session end still to be confirmed by `provider`, with what names the player's member there and when
 * the player's restriction ends.
 */
export type PendingGameSessionEnd = {
  playerId: string;
  provider: TProvider;
  requestedAt: Date;
  agencyId: string;
  agencyCode: string;
  restrictedUntil: Date | null;
};

/** The pending ends joined to what {@link PendingGameSessionEnd} carries; the caller adds its `where`. */
export function selectPendingGameSessionEnds(db: DbOrTx) {
  return db
    .select({
      playerId: gameSessionEnds.playerId,
      provider: gameSessionEnds.provider,
      requestedAt: gameSessionEnds.requestedAt,
      agencyId: agencies.id,
      agencyCode: agencies.code,
      restrictedUntil: players.restrictedUntil,
    })
    .from(gameSessionEnds)
    .innerJoin(players, eq(players.id, gameSessionEnds.playerId))
    .innerJoin(agencies, eq(agencies.id, players.agencyId));
}

/**
 * Inside the restriction's transaction: one pending end per provider where the player has a member (every
 * member has its PLAYER_PROVIDER ledger account, opened before the provider is first asked:
 * ensure-provider-member.ts), or only at `provider`. Asking again moves `requestedAt` to `now`.
 */
export async function queueGameSessionEnds(
  tx: DbOrTx,
  input: { playerId: string; agencyId: string; now: Date; provider?: TProvider },
): Promise<void> {
  const { playerId, agencyId, now, provider } = input;
  const accounts = await tx
    .selectDistinct({ provider: ledgerAccounts.provider })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.agencyId, agencyId),
        eq(ledgerAccounts.kind, 'PLAYER_PROVIDER'),
        eq(ledgerAccounts.playerId, playerId),
        provider ? eq(ledgerAccounts.provider, provider) : undefined,
      ),
    );
  const providers = accounts.flatMap((a) => (a.provider ? [a.provider] : []));
  if (providers.length === 0) return;
  await tx
    .insert(gameSessionEnds)
    .values(providers.map((p) => ({ playerId, provider: p, requestedAt: now })))
    .onConflictDoUpdate({
      target: [gameSessionEnds.playerId, gameSessionEnds.provider],
      set: { requestedAt: now },
    });
}

/** The player's pending ends (all of them, or those at `providers`). */
export async function findPendingGameSessionEnds(
  db: DbOrTx,
  playerId: string,
  providers?: TProvider[],
): Promise<PendingGameSessionEnd[]> {
  return selectPendingGameSessionEnds(db).where(
    and(
      eq(gameSessionEnds.playerId, playerId),
      providers ? inArray(gameSessionEnds.provider, providers) : undefined,
    ),
  );
}

/**
 * Asks the provider to end the member's game sessions; once it confirms, the row goes
 * ({@link forgetGameSessionEnd}). False when the provider failed: logged (the provider and the player,
 * never the member's keys or URLs) and left for the worker.
 */
export async function endPendingGameSession(
  app: FastifyInstance,
  end: PendingGameSessionEnd,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const { playerId, provider } = end;
  try {
    await app.providers
      .of(end.agencyId, provider)
      .endMemberSessions(providerMemberOf(end.agencyCode, playerId));
  } catch (error) {
    log.warn(
      { err: error, provider, playerId, event: 'play.game_sessions_end_failed' },
      'game sessions not ended at the provider; the worker retries',
    );
    return false;
  }
  await forgetGameSessionEnd(app.db, end);
  log.info({ event: 'play.game_sessions_ended', provider, playerId }, 'game sessions ended at the provider');
  return true;
}

/** Deletes a pending end, unless a newer request replaced it meanwhile (that one is asked on its own). */
export async function forgetGameSessionEnd(
  db: DbOrTx,
  end: Pick<PendingGameSessionEnd, 'playerId' | 'provider' | 'requestedAt'>,
): Promise<void> {
  await db
    .delete(gameSessionEnds)
    .where(
      and(
        eq(gameSessionEnds.playerId, end.playerId),
        eq(gameSessionEnds.provider, end.provider),
        eq(gameSessionEnds.requestedAt, end.requestedAt),
      ),
    );
}

/**
 * After the restriction committed: ends the player's game sessions at every provider with a pending end,
 * in parallel. Never throws: the restriction is in force whatever the providers answer, and what is not
 * confirmed stays pending for the worker (worker/game-session-end-step.ts).
 */
export async function endGameSessions(
  app: FastifyInstance,
  playerId: string,
  log: FastifyBaseLogger,
  providers?: TProvider[],
): Promise<void> {
  try {
    const pending = await findPendingGameSessionEnds(app.db, playerId, providers);
    await Promise.all(pending.map((end) => endPendingGameSession(app, end, log)));
  } catch (error) {
    log.error({ err: error, playerId }, 'ending game sessions failed; the worker retries');
  }
}
