import { type TExchangeRate, ZRateCurrency } from '@lc/shared/contracts/rates';
import { formatRate, parseRate } from '@lc/shared/money';
import type { ExchangeRateRow } from '../../db/schema/rates';

/** `{currency, buy, sell}` with the rates as exact decimal strings ("640.50"). */
export function toExchangeRateDto(row: ExchangeRateRow): TExchangeRate {
  return {
    currency: ZRateCurrency.parse(row.currency),
    // Round-tripping through parseRate guarantees the strict form the web app and convert() expect.
    buy: formatRate(parseRate(row.buy)),
    sell: formatRate(parseRate(row.sell)),
  };
}
