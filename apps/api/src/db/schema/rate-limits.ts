import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counts of the general rate limit (plugins/rate-limit.ts), one row per route kind and client
 * address, in a fixed window that starts with the first request. Kept in PostgreSQL so every API process
 * counts together; the table is UNLOGGED (a custom migration): counters need no crash safety.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);
