import type { TProvider } from '@lc/shared/providers';
import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { players } from './players';

/**
 * Game sessions still to be ended at a provider (docs/decisions/0066-a-restriction-ends-game-sessions.md):
 * a time-out or self-exclusion writes one row per provider where the player has a member, in its own
 * transaction; the row goes once the provider confirmed the end (`endMemberSessions`). What stays — the
 * provider was down — the worker retries. Normally empty: a row lives only while a provider is unreachable.
 */
export const gameSessionEnds = pgTable(
  'game_session_ends',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<TProvider>().notNull(),
    // When the end was asked for (the restriction's start, or a launch that finished after it).
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'game_session_ends_pk', columns: [t.playerId, t.provider] })],
);

export type GameSessionEndRow = typeof gameSessionEnds.$inferSelect;
