import type { TNoticePayment } from '@lc/shared/contracts/security';
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { players } from './players';

/**
 * A player's TOTP (RFC 6238): written by set-up, switched on by `enabled_at` once a code proves the app has
 * it. `last_used_step` is the time step of the last accepted code, so no code works twice.
 */
export const playerTotp = pgTable('player_totp', {
  playerId: uuid('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  // Base32; never returned or logged after set-up (decision 0026).
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** The ten one-time recovery codes of an enabled TOTP, stored as SHA-256 hashes only. */
export const playerRecoveryCodes = pgTable(
  'player_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [unique('player_recovery_codes_player_hash_uq').on(t.playerId, t.codeHash)],
);

/** What the player is told (password changed, new device, a payment staff resolved, …); append-only. */
export const playerNotices = pgTable(
  'player_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    // PAYMENT_CREDITED / PAYMENT_REFUNDED: the order and the figures, as they were when staff acted.
    payment: jsonb('payment').$type<TNoticePayment>(),
  },
  (t) => [
    index('player_notices_player_idx').on(t.playerId, t.at),
    check(
      'player_notices_kind_ck',
      sql`${t.kind} in ('PASSWORD_CHANGED', 'TOTP_ENABLED', 'TOTP_DISABLED', 'NEW_DEVICE_LOGIN', 'SESSION_ENDED', 'PAYMENT_CREDITED', 'PAYMENT_REFUNDED')`,
    ),
  ],
);

export type PlayerTotpRow = typeof playerTotp.$inferSelect;
export type PlayerNoticeRow = typeof playerNotices.$inferSelect;
