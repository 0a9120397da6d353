import type { TSetExchangeRateRequest } from '@lc/shared/contracts/rates';
import { formatRate, parseRate } from '@lc/shared/money';
import type { DbOrTx } from '../../db/client';
import { type ExchangeRateRow, exchangeRates } from '../../db/schema/rates';

export type SetExchangeRateInput = TSetExchangeRateRequest & {
  agencyId: string;
  updatedBy: string;
  now: Date;
};

/**
 * Records a new rate for a currency. Rows are never updated: the new row becomes the current rate and the
 * old ones stay as history for the orders that used them. The request schema already checked 0 < buy ≤ sell.
 */
export async function setExchangeRate(db: DbOrTx, input: SetExchangeRateInput): Promise<ExchangeRateRow> {
  const [row] = await db
    .insert(exchangeRates)
    .values({
      agencyId: input.agencyId,
      currency: input.currency,
      buy: formatRate(parseRate(input.buy)),
      sell: formatRate(parseRate(input.sell)),
      updatedAt: input.now,
      updatedBy: input.updatedBy,
    })
    .returning();
  if (!row) throw new Error('exchange rate insert returned nothing');
  return row;
}
