import type { TRestriction } from '@lc/shared/contracts/play-limits';
import type { FastifyRequest } from 'fastify';
import type { PlayerRow } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { playerOf } from '../../plugins/session';

/** The player's time-out or self-exclusion in force at `now`, else null (an ended one is just history). */
export function restrictionOf(
  player: Pick<PlayerRow, 'restrictionKind' | 'restrictedUntil'>,
  now: Date,
): TRestriction | null {
  const { restrictionKind: kind, restrictedUntil: until } = player;
  if (!kind || !until || until.getTime() <= now.getTime()) return null;
  return { kind, until: until.toISOString() };
}

/** 403 ACCOUNT_TIMED_OUT / ACCOUNT_SELF_EXCLUDED with `params.until`. */
export function restrictedError(restriction: TRestriction): AppError {
  const isTimeOut = restriction.kind === 'TIME_OUT';
  return new AppError(
    403,
    isTimeOut ? 'ACCOUNT_TIMED_OUT' : 'ACCOUNT_SELF_EXCLUDED',
    isTimeOut ? 'You took a time-out from playing' : 'You excluded yourself from playing',
    undefined,
    undefined,
    { until: restriction.until },
  );
}

/**
 * preHandler after `requirePlayer` on what a restricted player may not do (api.md): deposits, game launches
 * and taking promotions. Info, credits, bank account, withdrawals and logout do not use it.
 */
export async function refuseRestricted(request: FastifyRequest): Promise<void> {
  const restriction = restrictionOf(playerOf(request), request.server.now());
  if (restriction) throw restrictedError(restriction);
}
