import type { TLimitPeriod, TPlayLimitsResponse } from '@lc/shared/contracts/play-limits';
import { formatMinor } from '@lc/shared/money';
import type { PlayerRow } from '../../db/schema/players';

/** A player's deposit limits in whole kip per rolling period; null = no limit. */
export type DepositLimits = Record<TLimitPeriod, bigint | null>;

/** Limits in force plus the raises or removals waiting for `effectiveAt`. */
export type LimitsState = { limits: DepositLimits; pending: (DepositLimits & { effectiveAt: Date }) | null };

/** The limit columns of a player row (the session's copy or one read under the row lock). */
export type LimitColumns = Pick<
  PlayerRow,
  | 'depositLimitDaily'
  | 'depositLimitWeekly'
  | 'depositLimitMonthly'
  | 'pendingLimitDaily'
  | 'pendingLimitWeekly'
  | 'pendingLimitMonthly'
  | 'pendingLimitsAt'
>;

/**
 * The limits as they stand at `now`: pending values whose time has come are the limits (they are written
 * back by the next change, not by a job, so no worker has to run for a raise to apply).
 */
export function limitsStateAt(row: LimitColumns, now: Date): LimitsState {
  const pending = {
    daily: row.pendingLimitDaily,
    weekly: row.pendingLimitWeekly,
    monthly: row.pendingLimitMonthly,
  };
  if (row.pendingLimitsAt && row.pendingLimitsAt.getTime() <= now.getTime()) {
    return { limits: pending, pending: null };
  }
  return {
    limits: {
      daily: row.depositLimitDaily,
      weekly: row.depositLimitWeekly,
      monthly: row.depositLimitMonthly,
    },
    pending: row.pendingLimitsAt ? { ...pending, effectiveAt: row.pendingLimitsAt } : null,
  };
}

/** True when any period has a limit in force (a deposit then sums under the player's row lock). */
export function hasAnyLimit(limits: DepositLimits): boolean {
  return limits.daily !== null || limits.weekly !== null || limits.monthly !== null;
}

const lak = (value: bigint | null) => (value === null ? null : formatMinor(value, 'LAK'));

/** The GET/PUT limits answer (LAK decimal strings or null). */
export function toLimitsResponse(state: LimitsState): TPlayLimitsResponse {
  const { limits, pending } = state;
  return {
    limits: { daily: lak(limits.daily), weekly: lak(limits.weekly), monthly: lak(limits.monthly) },
    pending: pending && {
      daily: lak(pending.daily),
      weekly: lak(pending.weekly),
      monthly: lak(pending.monthly),
      effectiveAt: pending.effectiveAt.toISOString(),
    },
  };
}
