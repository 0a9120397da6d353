import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who did what to what, for every ops action (domain.md security baseline). Append-only: a trigger refuses
 * UPDATE and DELETE, so a leaked ops token cannot erase its own trail through the API or a bug.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // `ops:<first 8 hex of sha256(token)>`: names the token without revealing it.
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_target_idx').on(t.target)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
