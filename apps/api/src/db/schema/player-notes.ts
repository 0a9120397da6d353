import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agency';
import { players } from './players';
import { staff } from './staff';

/** Staff notes on a player (backoffice.md: support adds notes to a player). Added, never edited: no route changes one. */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    // null for `automation` (OPS_TOKEN); `author` names the writer either way.
    staffId: uuid('staff_id').references(() => staff.id),
    author: text('author').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('player_notes_player_created_idx').on(t.playerId, t.createdAt)],
);

export type PlayerNoteRow = typeof playerNotes.$inferSelect;
