import type { TRateCurrency } from '@lc/shared/contracts/rates';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { type ExchangeRateRow, exchangeRates } from '../../db/schema/rates';

/** The rate in force for each currency of the agency (its latest row), sorted by currency. */
export async function getCurrentRates(db: DbOrTx, agencyId: string): Promise<ExchangeRateRow[]> {
  return db
    .selectDistinctOn([exchangeRates.currency])
    .from(exchangeRates)
    .where(eq(exchangeRates.agencyId, agencyId))
    .orderBy(exchangeRates.currency, desc(exchangeRates.id));
}

const selectCurrent = preparedStatement('find_current_rate', (db) =>
  db
    .select()
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.agencyId, sql.placeholder('agencyId')),
        eq(exchangeRates.currency, sql.placeholder('currency')),
      ),
    )
    .orderBy(desc(exchangeRates.id))
    .limit(1),
);

/** The rate in force for one currency, or null when the agency has none (orders then refuse: domain.md). */
export async function findCurrentRate(
  db: DbOrTx,
  agencyId: string,
  currency: TRateCurrency,
): Promise<ExchangeRateRow | null> {
  const [row] = await selectCurrent(db, { agencyId, currency });
  return row ?? null;
}

/**
 * The join to the agency's THB rate in force (its latest row): what findCurrentRate asks, for the statements
 * that read an order's inputs at once.
 */
export function currentThbRateOf(agencyId: AnyPgColumn): SQL {
  return eq(
    exchangeRates.id,
    sql`(SELECT max(latest.id) FROM ${exchangeRates} AS latest
      WHERE latest.agency_id = ${agencyId} AND latest.currency = 'THB')`,
  );
}
