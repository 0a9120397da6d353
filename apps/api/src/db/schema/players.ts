import type { TRestrictionKind } from '@lc/shared/contracts/play-limits';
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agency';

export const players = pgTable(
  'players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockReason: text('block_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // Responsible play (docs/decisions/0038-deposit-limits-and-reality-check.md, 0039-…). On the player's
    // row, so every signed-in request has them from the session look-up, and a deposit locks this row before
    // it sums. Limits in whole kip, null = none.
    depositLimitDaily: bigint('deposit_limit_daily', { mode: 'bigint' }),
    depositLimitWeekly: bigint('deposit_limit_weekly', { mode: 'bigint' }),
    depositLimitMonthly: bigint('deposit_limit_monthly', { mode: 'bigint' }),
    // A raise or removal waiting for `pending_limits_at` (then these three are the limits; null = none).
    pendingLimitDaily: bigint('pending_limit_daily', { mode: 'bigint' }),
    pendingLimitWeekly: bigint('pending_limit_weekly', { mode: 'bigint' }),
    pendingLimitMonthly: bigint('pending_limit_monthly', { mode: 'bigint' }),
    pendingLimitsAt: timestamp('pending_limits_at', { withTimezone: true }),
    // A time-out or self-exclusion: restricted while now < restricted_until; only ever moved later.
    restrictionKind: text('restriction_kind').$type<TRestrictionKind>(),
    restrictedUntil: timestamp('restricted_until', { withTimezone: true }),
  },
  (t) => [
    unique('players_agency_username_uq').on(t.agencyId, t.username),
    // Staff search players by phone (backoffice.md Players).
    index('players_agency_phone_idx').on(t.agencyId, t.phone),
    index('players_agency_created_idx').on(t.agencyId, t.createdAt),
    check(
      'players_deposit_limits_ck',
      sql`${t.depositLimitDaily} > 0 AND ${t.depositLimitWeekly} > 0 AND ${t.depositLimitMonthly} > 0
        AND ${t.pendingLimitDaily} > 0 AND ${t.pendingLimitWeekly} > 0 AND ${t.pendingLimitMonthly} > 0`,
    ),
    check(
      'players_restriction_ck',
      sql`(${t.restrictionKind} IS NULL) = (${t.restrictedUntil} IS NULL)
        AND (${t.restrictionKind} IS NULL OR ${t.restrictionKind} IN ('TIME_OUT', 'SELF_EXCLUSION'))`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // SHA-256 of the cookie token, hex: a database leak does not hand out live sessions.
    tokenHash: text('token_hash').notNull().unique(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_player_idx').on(t.playerId, t.createdAt)],
);

/** One row per failed login; counted over a sliding window so throttling works across processes. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id').notNull(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('login_failures_username_idx').on(t.agencyId, t.username, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

export const playerDevices = pgTable(
  'player_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    userAgent: text('user_agent'),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('player_devices_player_hash_uq').on(t.playerId, t.hash),
    index('player_devices_hash_idx').on(t.hash),
  ],
);

export type PlayerRow = typeof players.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
