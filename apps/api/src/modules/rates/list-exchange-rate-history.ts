import type {
  TOpsExchangeRatesQuery,
  TOpsExchangeRatesResponse,
} from '@lc/shared/contracts/ops-exchange-rates';
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { exchangeRates } from '../../db/schema/rates';
import { toExchangeRateDto } from './to-exchange-rate-dto';

/** The agency's rate changes, newest first (rows are never updated: the table is the history). */
export async function listExchangeRateHistory(
  db: DbOrTx,
  agencyId: string,
  query: TOpsExchangeRatesQuery,
): Promise<TOpsExchangeRatesResponse> {
  const where = and(
    eq(exchangeRates.agencyId, agencyId),
    query.currency ? eq(exchangeRates.currency, query.currency) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(exchangeRates)
      .where(where)
      .orderBy(desc(exchangeRates.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(exchangeRates).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ...toExchangeRateDto(row),
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: row.updatedBy,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  };
}
