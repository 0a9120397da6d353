import { sql } from 'drizzle-orm';
import { bigint, check, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agency';

/**
 * Exchange rates, LAK per unit, one row per change (append-only): the current rate of a currency is its
 * latest row, and an order keeps the id (or the values) of the row it used. `numeric` without a scale is
 * exact and keeps the digits as entered ("640.50" stays "640.50"); parseRate/formatRate read and write it.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    // Identity, not a timestamp, orders the changes: two changes within one clock tick still have a latest.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    currency: text('currency').notNull(),
    buy: numeric('buy').notNull(),
    sell: numeric('sell').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** Who set it: `ops` (or an operator name) or `sandbox-seed`. */
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    index('exchange_rates_current_idx').on(t.agencyId, t.currency, t.id),
    // The API validates first; these keep a hand-written UPDATE from giving credit away.
    check('exchange_rates_currency_ck', sql`${t.currency} IN ('THB', 'USD')`),
    check('exchange_rates_positive_ck', sql`${t.buy} > 0 AND ${t.buy} <= ${t.sell}`),
  ],
);

export type ExchangeRateRow = typeof exchangeRates.$inferSelect;
