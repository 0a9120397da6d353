import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Short claims of the background worker (docs/decisions/0012-worker.md): one row per job item
 * (`withdrawal:W…`, `deposit-lookup:D…`, `reconcile:<agency>`), taken by an INSERT … ON CONFLICT that only
 * overwrites an expired claim, so any number of worker processes never work on one item at once. A claim is
 * left to expire rather than released: its length is also the pause before the item is looked at again.
 */
export const workerLeases = pgTable('worker_leases', {
  name: text('name').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
